import { MAX_INSURED_CENTS } from '../practices/quotation';
import { todayInItaly } from '../rules/italian-day';
import { addDaysIso } from '../practices/rca-settings';
import { answerSchemaOf, dateBoundsOf, yearOf, type TAnswerValue, type TAnswers } from './answer-values';
import { conditionHolds, crossRuleMessage } from './answers';
import { QUESTIONNAIRE_LIMITS, defaultMaxLength, maxPercentCents, questionsOf, type TCondition, type TQuestion, type TQuestionnaire } from './questionnaire';

/**
 * What integrators read of a questionnaire version (the sector's `/schema` document, `GET /api/admin/products/schema`):
 * the JSON Schema (draft 2020-12) of the answers, and a valid example. The zod schema of `answersSchemaOf` stays the
 * authority: the JSON Schema describes the answers in their stored form (blank answers left out rather than sent
 * as `null` or `''`), expresses `showWhen` and `requiredWhen` with `if`/`then`/`else`, and tells in each
 * question's `description` the rules it cannot express (a date after another, an amount within a percentage of
 * another, check digits of a codice fiscale or an IBAN, dates relative to today, a year not after this one).
 */

export type TJsonSchema = { [key: string]: unknown };

const JSON_SCHEMA_DRAFT = 'https://json-schema.org/draft/2020-12/schema';

const italianDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const defined = (schema: TJsonSchema): TJsonSchema => Object.fromEntries(Object.entries(schema).filter(([, value]) => value !== undefined));

const TEXT_FORMAT_SCHEMAS = {
  email: { format: 'email' },
  phone: { pattern: '^\\+?[0-9]{6,20}$' },
  cap: { pattern: '^[0-9]{5}$' },
  cig: { pattern: '^[A-Z0-9]{10}$' },
  ateco: { pattern: '^[0-9]{2}\\.[0-9]{2}\\.[0-9]{2}$' },
} as const;

const TAX_ID_PATTERNS = {
  any: '^([A-Z0-9]{16}|[0-9]{11})$',
  person: '^[A-Z0-9]{16}$',
  company: '^[0-9]{11}$',
} as const;

/** The value's schema of one question, and the notes on what JSON Schema cannot say. */
const valueSchemaOf = (question: TQuestion, labelOf: (key: string) => string): { schema: TJsonSchema; notes: string[] } => {
  switch (question.type) {
    case 'text':
      return {
        schema: { type: 'string', minLength: question.minLength ?? 1, maxLength: defaultMaxLength(question), ...(question.format ? TEXT_FORMAT_SCHEMAS[question.format] : {}) },
        notes: [],
      };
    case 'longText':
      return { schema: { type: 'string', minLength: question.minLength ?? 1, maxLength: defaultMaxLength(question) }, notes: [] };
    case 'number': {
      const bound = QUESTIONNAIRE_LIMITS.numberBound;
      return {
        schema: { type: question.integer ? 'integer' : 'number', minimum: question.min ?? -bound, maximum: question.max ?? bound },
        notes: question.notAfterThisYear ? ['Un anno: non successivo all’anno in corso.'] : [],
      };
    }
    case 'money': {
      const cap = question.maxPercentOf;
      return {
        schema: { type: 'integer', minimum: question.min ?? 0, maximum: question.max ?? MAX_INSURED_CENTS },
        notes: ['Importo in centesimi di euro.', ...(cap ? [`Al massimo il ${String(cap.percent).replace('.', ',')}% di «${labelOf(cap.question)}» (${cap.question}), arrotondato per difetto al centesimo.`] : [])],
      };
    }
    case 'percent':
      return { schema: { type: 'number', minimum: question.min ?? 0, maximum: question.max ?? 100 }, notes: ['Percentuale da 0 a 100, al massimo due decimali.'] };
    case 'date': {
      const notes = ['Data AAAA-MM-GG.'];
      if (question.minDate) notes.push(`Non prima del ${italianDate(question.minDate)}.`);
      if (question.maxDate) notes.push(`Non dopo il ${italianDate(question.maxDate)}.`);
      if (question.minDaysFromToday !== undefined) notes.push(`Non prima di oggi ${question.minDaysFromToday >= 0 ? '+' : ''}${question.minDaysFromToday} giorni.`);
      if (question.maxDaysFromToday !== undefined) notes.push(`Non dopo oggi ${question.maxDaysFromToday >= 0 ? '+' : ''}${question.maxDaysFromToday} giorni.`);
      if (question.after) notes.push(`Successiva a «${labelOf(question.after)}» (${question.after}).`);
      return { schema: { type: 'string', format: 'date', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' }, notes };
    }
    case 'yesNo':
      return { schema: { type: 'boolean' }, notes: [] };
    case 'oneOf':
      return { schema: { type: 'string', enum: question.options.map((option) => option.value) }, notes: [`Opzioni: ${question.options.map((option) => `${option.value} = ${option.label}`).join('; ')}.`] };
    case 'severalOf':
      return {
        schema: defined({ type: 'array', items: { type: 'string', enum: question.options.map((option) => option.value) }, uniqueItems: true, minItems: 1, maxItems: question.maxSelected }),
        notes: [`Opzioni: ${question.options.map((option) => `${option.value} = ${option.label}`).join('; ')}.`],
      };
    case 'comune':
      return {
        schema: {
          type: 'object',
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 100, description: 'Nome del comune.' },
            province: { type: 'string', pattern: '^[A-Z]{2}$', description: 'Sigla della provincia.' },
            istat: { type: 'string', pattern: '^[0-9]{6}$', description: 'Codice ISTAT del comune (facoltativo).' },
          },
          required: ['name', 'province'],
          additionalProperties: false,
        },
        notes: [],
      };
    case 'taxId':
      return {
        schema: { type: 'string', pattern: TAX_ID_PATTERNS[question.accepts] },
        notes: [{ any: 'Codice fiscale di una persona o partita IVA (con carattere di controllo).', person: 'Codice fiscale di una persona.', company: 'Partita IVA o codice fiscale numerico.' }[question.accepts]],
      };
    case 'iban':
      return { schema: { type: 'string', pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$' }, notes: ['IBAN senza spazi (cifre di controllo verificate).'] };
    case 'file':
      return { schema: { type: 'string', format: 'uuid' }, notes: ['Identificativo di un file caricato.'] };
  }
};

/** The test of a condition on the answers object (the question it reads answered, since a hidden question has no answer). */
const conditionSchema = (condition: TCondition, target: TQuestion | undefined): TJsonSchema => {
  const many = target?.type === 'severalOf';
  const test = ((): TJsonSchema => {
    switch (condition.op) {
      case 'equals':
        return many ? { contains: { const: condition.value } } : { const: condition.value };
      case 'in':
        return many ? { contains: { enum: condition.values } } : { enum: condition.values };
      case 'gt':
        return { exclusiveMinimum: condition.value };
      case 'lt':
        return { exclusiveMaximum: condition.value };
      case 'isTrue':
        return { const: true };
      case 'answered':
        return {};
    }
  })();
  return { required: [condition.question], properties: { [condition.question]: test } };
};

const OP_WORDS: Readonly<Record<TCondition['op'], string>> = { equals: 'è', in: 'è tra', gt: 'è maggiore di', lt: 'è minore di', isTrue: 'è sì', answered: 'ha una risposta' };
const describeCondition = (condition: TCondition, labelOf: (key: string) => string) => {
  const value = 'value' in condition ? ` ${JSON.stringify(condition.value)}` : 'values' in condition ? ` ${JSON.stringify(condition.values)}` : '';
  return `«${labelOf(condition.question)}» (${condition.question}) ${OP_WORDS[condition.op]}${value}`;
};

/**
 * The JSON Schema (draft 2020-12) of a questionnaire version's answers: one property per question (title = label,
 * description = help and rules), no other property, the questions always asked and required in `required`, each
 * `showWhen` / `requiredWhen` as an `if`/`then`/`else` in `allOf`.
 */
export const jsonSchemaOf = (questionnaire: TQuestionnaire): TJsonSchema => {
  const questions = questionsOf(questionnaire);
  const byKey = new Map(questions.map((question) => [question.key, question]));
  const labelOf = (key: string) => byKey.get(key)?.label ?? key;
  const properties: Record<string, TJsonSchema> = {};
  const required: string[] = [];
  const rules: TJsonSchema[] = [];
  for (const question of questions) {
    const { schema, notes } = valueSchemaOf(question, labelOf);
    if (question.showWhen) notes.push(`Solo se ${describeCondition(question.showWhen, labelOf)}.`);
    if (question.requiredWhen) notes.push(`Obbligatoria se ${describeCondition(question.requiredWhen, labelOf)}.`);
    const description = [question.help, ...notes].filter(Boolean).join(' ');
    properties[question.key] = defined({ title: question.label, description: description || undefined, ...schema });
    const shown = question.showWhen ? conditionSchema(question.showWhen, byKey.get(question.showWhen.question)) : undefined;
    if (shown) rules.push(defined({ if: shown, then: question.required ? { required: [question.key] } : undefined, else: { not: { required: [question.key] } } }));
    else if (question.required) required.push(question.key);
    if (question.requiredWhen) {
      const condition = conditionSchema(question.requiredWhen, byKey.get(question.requiredWhen.question));
      rules.push({ if: shown ? { allOf: [shown, condition] } : condition, then: { required: [question.key] } });
    }
  }
  return defined({
    $schema: JSON_SCHEMA_DRAFT,
    type: 'object',
    properties,
    required,
    additionalProperties: false,
    allOf: rules.length > 0 ? rules : undefined,
  });
};

// ---------------------------------------------------------------------------------------------------------
// The example.

const EXAMPLE_VALUES = {
  text: 'Risposta di esempio',
  longText: 'Descrizione di esempio, come la scriverebbe il corner nella richiesta.',
  email: 'mario.rossi@example.it',
  phone: '+390212345678',
  cap: '20121',
  cig: 'A0123BC45D',
  ateco: '47.11.00',
  comune: { name: 'Milano', province: 'MI', istat: '015146' },
  taxIdPerson: 'RSSMRA85T10A562S',
  taxIdCompany: '01199250158',
  iban: 'IT60X0542811101000000123456',
  file: '3f1c2b4e-8a9d-4c1e-9b2f-6d7e8f9a0b1c',
} as const;

const clamp = (value: number, min: number | undefined, max: number | undefined) => Math.min(Math.max(value, min ?? -Infinity), max ?? Infinity);
const fitText = (text: string, min: number, max: number) => {
  const fitted = text.length > max ? text.slice(0, max).trimEnd() : text;
  return fitted.length >= min ? fitted : fitted.padEnd(min, 'o');
};

/** The smallest base amount for which every amount capped at a percentage of it can reach its own minimum. */
const baseNeeded = (question: TQuestion, questions: readonly TQuestion[]) =>
  Math.max(
    0,
    ...questions.map((other) =>
      other.type === 'money' && other.maxPercentOf?.question === question.key ? Math.ceil(((other.min ?? 0) * 10_000) / Math.round(other.maxPercentOf.percent * 100)) : 0,
    ),
  );

/** The answer the example gives when no condition asks for another: a plausible value within the question's limits. */
const defaultValue = (question: TQuestion, questions: readonly TQuestion[], answers: TAnswers, today: string): unknown[] => {
  switch (question.type) {
    case 'text': {
      if (question.format) return [EXAMPLE_VALUES[question.format]];
      return [fitText(EXAMPLE_VALUES.text, question.minLength ?? 1, defaultMaxLength(question))];
    }
    case 'longText':
      return [fitText(EXAMPLE_VALUES.longText, question.minLength ?? 1, defaultMaxLength(question))];
    case 'number': {
      // A year not after this one: thirty years ago (a plausible construction year), within the limits.
      const max = question.notAfterThisYear ? Math.min(question.max ?? Infinity, yearOf(today)) : question.max;
      const value = clamp(question.notAfterThisYear ? yearOf(today) - 30 : 10, question.min, max);
      return [question.integer ? (max !== undefined && Math.ceil(value) > max ? Math.floor(value) : Math.ceil(value)) : value];
    }
    case 'money': {
      const isBase = questions.some((other) => other.type === 'money' && other.maxPercentOf?.question === question.key);
      const wanted = isBase ? Math.max(25_000_000, baseNeeded(question, questions)) : 1_000_000;
      const value = clamp(wanted, question.min, question.max ?? MAX_INSURED_CENTS);
      const cap = question.maxPercentOf;
      const base = cap ? answers[cap.question] : undefined;
      if (!cap || typeof base !== 'number') return [value];
      const highest = maxPercentCents(base, cap.percent);
      return [Math.min(value, highest), Math.max(question.min ?? 0, Math.min(question.max ?? MAX_INSURED_CENTS, highest))];
    }
    case 'percent':
      return [clamp(10, question.min, question.max)];
    case 'date': {
      const { min, max } = dateBoundsOf(question, today);
      const before = question.after ? answers[question.after] : undefined;
      const after = typeof before === 'string' ? addDaysIso(before, 1) : undefined;
      const pick = (day: string) => [min, day].filter((item): item is string => item !== undefined).sort().at(-1)!;
      const fit = (day: string) => (max !== undefined && day > max ? max : day);
      return [fit(pick(addDaysIso(after ?? today, 30))), fit(pick(after ?? today)), ...(after ? [after] : [])];
    }
    case 'yesNo':
      return [true, false];
    case 'oneOf':
      return question.options.map((option) => option.value);
    case 'severalOf':
      return [[question.options[0]!.value]];
    case 'comune':
      return [EXAMPLE_VALUES.comune];
    case 'taxId':
      return [question.accepts === 'person' ? EXAMPLE_VALUES.taxIdPerson : EXAMPLE_VALUES.taxIdCompany];
    case 'iban':
      return [EXAMPLE_VALUES.iban];
    case 'file':
      return [EXAMPLE_VALUES.file];
  }
};

/** Answers that make a later question's condition hold (so the example shows as many questions as it can). */
const valuesMeeting = (condition: TCondition, question: TQuestion): unknown[] => {
  const wrap = (value: unknown) => (question.type === 'severalOf' ? [value] : value);
  switch (condition.op) {
    case 'equals':
      return [wrap(condition.value)];
    case 'in':
      return condition.values.map(wrap);
    case 'gt':
      return question.type === 'percent' ? [Math.min(100, Math.floor(condition.value) + 1)] : [Math.floor(condition.value) + 1, condition.value + 1];
    case 'lt':
      return question.type === 'percent' ? [Math.max(0, Math.ceil(condition.value) - 1)] : [Math.ceil(condition.value) - 1, condition.value - 1];
    case 'isTrue':
      return [true];
    case 'answered':
      return [];
  }
};

/**
 * A valid example of a questionnaire version's answers (integrators, tests, the demo data): every question asked is
 * answered, with values that make later questions' conditions hold where the limits allow, so the example shows as
 * much of the questionnaire as it can. Dates relative to today use `today` (Italy's day by default).
 */
export const exampleOf = (questionnaire: TQuestionnaire, options: { today?: string } = {}): TAnswers => {
  const today = options.today ?? todayInItaly();
  const questions = questionsOf(questionnaire);
  const byKey = new Map(questions.map((question) => [question.key, question]));
  const answers: TAnswers = {};
  for (const question of questions) {
    if (question.showWhen && !conditionHolds(question.showWhen, answers[question.showWhen.question])) continue;
    const wanted = questions.flatMap((later) => [later.showWhen, later.requiredWhen]).filter((condition) => condition?.question === question.key) as TCondition[];
    const candidates = [...wanted.flatMap((condition) => valuesMeeting(condition, question)), ...defaultValue(question, questions, answers, today)];
    const schema = answerSchemaOf(question, today);
    for (const candidate of candidates) {
      const parsed = schema.safeParse(candidate);
      if (!parsed.success) continue;
      const message = crossRuleMessage(question, parsed.data, (key) => answers[key], (key) => byKey.get(key)?.label ?? key);
      if (message !== null) continue;
      answers[question.key] = parsed.data as TAnswerValue;
      break;
    }
  }
  return answers;
};
