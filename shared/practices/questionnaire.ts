import { z } from 'zod';
import { zOptionalText } from '../schemas/common';

/**
 * The demands-and-needs questionnaire of an insurance sector (Reg. IVASS 40/2018 art. 58; D.Lgs. 209/2005 art.
 * 119-bis c. 7): what the client needs covered and asks for, gathered before the proposal so that the contract
 * offered is consistent with it. A home policy's questions are not a car's: each sector's definition declares its
 * own (`insurance.questionnaire`), and the form, the check and the printed pack are made from that one list.
 *
 * The answers are a flat object keyed by the questions (`{ declined, need: 'withCovers', wantedCovers: [...],
 * otherPolicies: true, otherPoliciesDetails: '...', notes }`). The client may decline to answer (`declined`): the
 * pack then records it, as the regulation asks, and no answer is required.
 */

export const QUESTIONNAIRE_MSG = {
  answerRequired: 'Rispondi a questa domanda.',
  optionInvalid: 'Risposta non prevista.',
} as const;

const ZOption = z.object({ value: z.string(), label: z.string() });

/** One question: a single choice, a yes/no (with a "which?" text when yes), or a multiple choice asked after a given answer. */
export const ZQuestion = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('choice'), key: z.string(), label: z.string(), options: z.array(ZOption).min(2) }),
  z.object({
    kind: z.literal('yesNo'),
    key: z.string(),
    label: z.string(),
    /** A text asked when the answer is yes ("Quali?"), stored under its own key. */
    details: z.object({ key: z.string(), label: z.string() }).optional(),
  }),
  z.object({
    kind: z.literal('multi'),
    key: z.string(),
    label: z.string(),
    options: z.array(ZOption).min(1),
    /** Asked only when another question has this answer; then at least one option is required (`message`). */
    when: z.object({ key: z.string(), value: z.string() }),
    message: z.string(),
  }),
]);
export type TQuestion = z.infer<typeof ZQuestion>;

/** A sector's questionnaire: its questions, and a complete set of answers (tests, the schema document's example). */
export type TQuestionnaireSpec = { questions: readonly TQuestion[]; example: TQuestionnaireAnswers };

/** The answers as stored and presented, whatever the sector (each sector's schema checks them). */
export const ZQuestionnaireAnswers = z
  .object({ declined: z.boolean({ error: QUESTIONNAIRE_MSG.answerRequired }).default(false), notes: zOptionalText(2000) })
  .catchall(z.union([z.string().max(2000), z.boolean(), z.array(z.string().max(60)).max(30)]));
export type TQuestionnaireAnswers = z.output<typeof ZQuestionnaireAnswers>;

/** Options from a `{ value: label }` record, in its order. */
export const optionsOf = (labels: Readonly<Record<string, string>>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

const enumOf = (question: { options: readonly { value: string }[] }, message: string) =>
  z.enum(question.options.map((option) => option.value) as [string, ...string[]], { error: message });

/** Whether a question is asked, given the answers so far (a `multi` only after its triggering answer). */
export const isAsked = (question: TQuestion, answers: Record<string, unknown>) => question.kind !== 'multi' || answers[question.when.key] === question.when.value;

/**
 * The schema of a sector's answers: each question's answer among its options, every asked question answered unless
 * the client declined; keys of no question are dropped. Messages in Italian, on the question's key.
 */
export const questionnaireSchemaOf = (questions: readonly TQuestion[]): z.ZodType<TQuestionnaireAnswers, unknown> => {
  const shape: Record<string, z.ZodType> = {
    declined: z.boolean({ error: QUESTIONNAIRE_MSG.answerRequired }).default(false),
    notes: zOptionalText(2000),
  };
  for (const question of questions) {
    if (question.kind === 'choice') shape[question.key] = enumOf(question, QUESTIONNAIRE_MSG.answerRequired).optional();
    if (question.kind === 'yesNo') {
      shape[question.key] = z.boolean({ error: QUESTIONNAIRE_MSG.answerRequired }).optional();
      if (question.details) shape[question.details.key] = zOptionalText(500);
    }
    if (question.kind === 'multi') {
      shape[question.key] = z
        .array(enumOf(question, QUESTIONNAIRE_MSG.optionInvalid))
        .max(30)
        .default([])
        .transform((values) => [...new Set(values)]);
    }
  }
  return z.object(shape).superRefine((value, ctx) => {
    if (value.declined) return;
    for (const question of questions) {
      if (question.kind === 'multi') {
        if (isAsked(question, value) && (value[question.key] as string[]).length === 0) ctx.addIssue({ code: 'custom', path: [question.key], message: question.message });
      } else if (value[question.key] === undefined) ctx.addIssue({ code: 'custom', path: [question.key], message: QUESTIONNAIRE_MSG.answerRequired });
    }
  }) as unknown as z.ZodType<TQuestionnaireAnswers, unknown>;
};

const yesNo = (value: unknown) => (value === true ? 'Sì' : value === false ? 'No' : '—');
const labelOf = (question: { options: readonly { value: string; label: string }[] }, value: unknown) =>
  question.options.find((option) => option.value === value)?.label ?? '—';

/** The questions and the answers given, as the pack prints them (the questions not asked left out). */
export const questionnaireRows = (questions: readonly TQuestion[], answers: TQuestionnaireAnswers): [string, string][] => {
  if (answers.declined) return [];
  const rows: [string, string][] = [];
  for (const question of questions) {
    const value = answers[question.key];
    if (question.kind === 'choice') rows.push([question.label, labelOf(question, value)]);
    if (question.kind === 'multi' && isAsked(question, answers)) {
      const chosen = Array.isArray(value) ? value.map((item) => labelOf(question, item)) : [];
      rows.push([question.label, chosen.join(', ') || 'Nessuna']);
    }
    if (question.kind === 'yesNo') {
      const details = question.details ? answers[question.details.key] : '';
      rows.push([question.label, value === true && typeof details === 'string' && details ? `Sì: ${details}` : yesNo(value)]);
    }
  }
  if (answers.notes) rows.push(['Note', answers.notes]);
  return rows;
};

// ---------------------------------------------------------------------------------------------------------
// Questions every sector may share.

const PRIORITY = { price: 'Il premio più basso', coverage: 'La copertura più ampia', balanced: 'Un equilibrio tra premio e copertura' } as const;
const INSTALMENTS = { yearly: 'In un’unica rata annuale', split: 'Frazionato in più rate', indifferent: 'Indifferente' } as const;

export const COMMON_QUESTIONS = {
  priority: { kind: 'choice', key: 'priority', label: 'Che cosa conta di più per il cliente?', options: optionsOf(PRIORITY) },
  instalments: { kind: 'choice', key: 'instalments', label: 'Come preferisce pagare il premio?', options: optionsOf(INSTALMENTS) },
  otherPolicies: {
    kind: 'yesNo',
    key: 'otherPolicies',
    label: 'Ha altre polizze in corso sugli stessi rischi?',
    details: { key: 'otherPoliciesDetails', label: 'Quali?' },
  },
} as const satisfies Record<string, TQuestion>;

// ---------------------------------------------------------------------------------------------------------
// Each insurance sector's questions (its definition's `insurance.questionnaire`).

/** RC Auto: the cover needed (and which accessory covers), who drives, how far, the black box. */
export const RCA_QUESTIONNAIRE = (covers: readonly { code: string; label: string }[]): TQuestionnaireSpec => ({
  questions: [
    {
      kind: 'choice',
      key: 'need',
      label: 'Di quale copertura ha bisogno il cliente?',
      options: optionsOf({ mandatoryOnly: 'Solo la responsabilità civile obbligatoria (RC Auto)', withCovers: 'La RC Auto e alcune garanzie accessorie' }),
    },
    {
      kind: 'multi',
      key: 'wantedCovers',
      label: 'Garanzie accessorie desiderate',
      options: covers.map(({ code, label }) => ({ value: code, label })),
      when: { key: 'need', value: 'withCovers' },
      message: 'Indica almeno una garanzia accessoria.',
    },
    COMMON_QUESTIONS.priority,
    {
      kind: 'choice',
      key: 'drivers',
      label: 'Chi guida il veicolo?',
      options: optionsOf({ ownerOnly: 'Solo il contraente o il conducente indicato', family: 'Il contraente e i familiari conviventi', anyone: 'Chiunque, anche occasionalmente' }),
    },
    {
      kind: 'choice',
      key: 'yearlyKm',
      label: 'Quanti chilometri percorre in un anno?',
      options: optionsOf({ upTo10k: 'Fino a 10.000 km', upTo20k: 'Da 10.000 a 20.000 km', over20k: 'Oltre 20.000 km' }),
    },
    COMMON_QUESTIONS.instalments,
    COMMON_QUESTIONS.otherPolicies,
    { kind: 'yesNo', key: 'acceptsBlackBox', label: 'Accetta la scatola nera per un premio più basso?' },
  ],
  example: {
    declined: false,
    need: 'withCovers',
    wantedCovers: ['fireTheft', 'roadsideAssistance'],
    priority: 'balanced',
    drivers: 'family',
    yearlyKm: 'upTo10k',
    instalments: 'indifferent',
    otherPolicies: false,
    otherPoliciesDetails: '',
    acceptsBlackBox: true,
    notes: '',
  },
});

/** Altri rami: what the client wants protected, how broadly, for how much, and its claims history. */
export const ALTRI_RAMI_QUESTIONNAIRE: TQuestionnaireSpec = {
  questions: [
    {
      kind: 'choice',
      key: 'protect',
      label: 'Che cosa vuole proteggere il cliente?',
      options: optionsOf({
        home: 'La casa e i beni che contiene',
        people: 'Sé stesso e la famiglia (infortuni, salute, responsabilità civile)',
        work: 'L’attività professionale o d’impresa',
        other: 'Altro (lo indico nelle note)',
      }),
    },
    {
      kind: 'choice',
      key: 'breadth',
      label: 'Quanto ampia deve essere la copertura?',
      options: optionsOf({ essential: 'Solo i rischi principali', extended: 'I rischi principali e alcune garanzie aggiuntive', full: 'La copertura più ampia disponibile' }),
    },
    {
      kind: 'choice',
      key: 'sumInsured',
      label: 'Quale somma assicurata ritiene adeguata?',
      options: optionsOf({ upTo100k: 'Fino a 100.000 €', upTo500k: 'Da 100.000 a 500.000 €', over500k: 'Oltre 500.000 €', advice: 'Chiede un’indicazione all’intermediario' }),
    },
    {
      kind: 'choice',
      key: 'deductible',
      label: 'Accetta una franchigia per un premio più basso?',
      options: optionsOf({ none: 'No, preferisce nessuna franchigia', low: 'Sì, una franchigia contenuta', high: 'Sì, anche una franchigia alta' }),
    },
    COMMON_QUESTIONS.priority,
    COMMON_QUESTIONS.instalments,
    COMMON_QUESTIONS.otherPolicies,
    { kind: 'yesNo', key: 'pastClaims', label: 'Ha avuto sinistri sugli stessi rischi negli ultimi cinque anni?', details: { key: 'pastClaimsDetails', label: 'Quali?' } },
  ],
  example: {
    declined: false,
    protect: 'home',
    breadth: 'extended',
    sumInsured: 'upTo500k',
    deductible: 'low',
    priority: 'balanced',
    instalments: 'yearly',
    otherPolicies: false,
    otherPoliciesDetails: '',
    pastClaims: false,
    pastClaimsDetails: '',
    notes: '',
  },
};

/** Fideiussioni: what the guarantee is for, whether the beneficiary imposes its text, amount and length, counter-guarantees. */
export const FIDEIUSSIONI_QUESTIONNAIRE: TQuestionnaireSpec = {
  questions: [
    {
      kind: 'choice',
      key: 'purpose',
      label: 'A che cosa serve la garanzia?',
      options: optionsOf({
        publicContract: 'Partecipare a una gara o eseguire un contratto pubblico',
        lease: 'Un contratto di locazione',
        taxes: 'Rimborsi, compensazioni o pagamenti verso l’amministrazione',
        other: 'Altro (lo indico nelle note)',
      }),
    },
    {
      kind: 'yesNo',
      key: 'beneficiaryText',
      label: 'Il beneficiario chiede un testo o uno schema di garanzia prestabilito?',
      details: { key: 'beneficiaryTextDetails', label: 'Quale?' },
    },
    { kind: 'yesNo', key: 'amountConfirmed', label: 'L’importo e la durata richiesti corrispondono a quanto chiede il beneficiario?' },
    {
      kind: 'choice',
      key: 'counterGuarantees',
      label: 'Se l’impresa li chiede, il cliente può dare coobbligati o controgaranzie?',
      options: optionsOf({ yes: 'Sì', no: 'No', toAssess: 'Da valutare' }),
    },
    COMMON_QUESTIONS.priority,
    { kind: 'yesNo', key: 'otherGuarantees', label: 'Ha altre garanzie in corso verso lo stesso beneficiario?', details: { key: 'otherGuaranteesDetails', label: 'Quali?' } },
  ],
  example: {
    declined: false,
    purpose: 'publicContract',
    beneficiaryText: true,
    beneficiaryTextDetails: 'Schema tipo 1.1 del D.M. 193/2022',
    amountConfirmed: true,
    counterGuarantees: 'toAssess',
    priority: 'price',
    otherGuarantees: false,
    otherGuaranteesDetails: '',
    notes: '',
  },
};
