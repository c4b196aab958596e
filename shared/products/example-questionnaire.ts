import { TENDER_PROVISIONAL_MAX_PERCENT } from '../practices/fideiussioni';
import { ZQuestionnaire, type TQuestionnaire, type TQuestionnaireInput } from './questionnaire';

/**
 * A realistic questionnaire that uses every question type and every kind of condition: the surety bond for a
 * public tender ("Fideiussione per gara d'appalto"). It is what `GET /api/admin/products/schema` shows integrators,
 * what the admin's editor can start from, and what the tests of `shared/products` exercise. The 4% cap on
 * provisional bonds (D.Lgs. 36/2023 art. 106, `TENDER_PROVISIONAL_MAX_PERCENT`) is a `maxPercentOf` rule on the
 * amount of the provisional bond, which is asked only for that kind of bond.
 */

const TENDER_KINDS = ['tenderProvisional', 'tenderFinal'];

const input: TQuestionnaireInput = {
  sections: [
    {
      key: 'tender',
      title: 'Gara e garanzia',
      questions: [
        {
          key: 'bondKind',
          type: 'oneOf',
          label: 'Tipo di garanzia',
          required: true,
          options: [
            { value: 'tenderProvisional', label: 'Cauzione provvisoria (partecipazione alla gara)' },
            { value: 'tenderFinal', label: 'Cauzione definitiva (esecuzione del contratto)' },
            { value: 'advancePayment', label: 'Anticipazione contrattuale' },
          ],
        },
        {
          key: 'cig',
          type: 'text',
          format: 'cig',
          label: 'CIG (Codice Identificativo Gara)',
          help: 'Il codice di 10 caratteri che l’ANAC assegna alla procedura, indicato nel bando.',
          required: true,
          showWhen: { question: 'bondKind', op: 'in', values: TENDER_KINDS },
        },
        {
          key: 'tenderObject',
          type: 'longText',
          label: 'Oggetto della gara',
          required: true,
          minLength: 10,
          maxLength: 500,
          showWhen: { question: 'bondKind', op: 'in', values: TENDER_KINDS },
        },
        {
          key: 'contractValueCents',
          type: 'money',
          label: 'Valore complessivo della procedura (o del contratto)',
          required: true,
          min: 1,
        },
        {
          key: 'provisionalAmountCents',
          type: 'money',
          label: 'Importo della cauzione provvisoria',
          help: 'Di norma il 2% del valore della procedura; la stazione appaltante può ridurlo all’1% o alzarlo fino al 4%.',
          required: true,
          min: 1,
          showWhen: { question: 'bondKind', op: 'equals', value: 'tenderProvisional' },
          maxPercentOf: { question: 'contractValueCents', percent: TENDER_PROVISIONAL_MAX_PERCENT },
        },
        {
          key: 'guaranteedCents',
          type: 'money',
          label: 'Importo garantito',
          required: true,
          min: 1,
          showWhen: { question: 'bondKind', op: 'in', values: ['tenderFinal', 'advancePayment'] },
        },
      ],
    },
    {
      key: 'beneficiary',
      title: 'Beneficiario',
      questions: [
        { key: 'beneficiaryName', type: 'text', label: 'Stazione appaltante (beneficiario)', required: true, maxLength: 200 },
        { key: 'beneficiaryTaxId', type: 'taxId', label: 'Codice fiscale o partita IVA del beneficiario', required: true, accepts: 'any' },
        {
          key: 'beneficiaryPec',
          type: 'text',
          format: 'email',
          label: 'PEC del beneficiario',
          help: 'Dove la compagnia invia la garanzia firmata digitalmente.',
          requiredWhen: { question: 'bondKind', op: 'equals', value: 'tenderFinal' },
        },
        { key: 'beneficiaryComune', type: 'comune', label: 'Comune della sede del beneficiario', required: true },
      ],
    },
    {
      key: 'term',
      title: 'Durata',
      questions: [
        { key: 'startDate', type: 'date', label: 'Decorrenza della garanzia', required: true, minDaysFromToday: -30, maxDaysFromToday: 365 },
        { key: 'endDate', type: 'date', label: 'Scadenza della garanzia', required: true, after: 'startDate' },
        {
          key: 'offerValidityDays',
          type: 'number',
          integer: true,
          min: 30,
          max: 720,
          label: 'Giorni di validità dell’offerta richiesti dal bando',
          required: true,
          showWhen: { question: 'bondKind', op: 'equals', value: 'tenderProvisional' },
        },
        {
          key: 'renewalCommitment',
          type: 'yesNo',
          label: 'Il bando chiede l’impegno a rinnovare la garanzia se la gara non si chiude in tempo?',
          required: true,
          showWhen: { question: 'offerValidityDays', op: 'gt', value: 180 },
        },
      ],
    },
    {
      key: 'company',
      title: 'Impresa e controgaranzie',
      questions: [
        { key: 'lastTurnoverCents', type: 'money', label: 'Fatturato dell’ultimo esercizio' },
        {
          key: 'financialStatements',
          type: 'file',
          label: 'Ultimo bilancio depositato',
          help: 'Obbligatorio sopra i 5 milioni di euro di fatturato.',
          requiredWhen: { question: 'lastTurnoverCents', op: 'gt', value: 500_000_000 },
        },
        {
          key: 'smeDeclaration',
          type: 'yesNo',
          label: 'L’impresa dichiara di essere una micro, piccola o media impresa?',
          showWhen: { question: 'lastTurnoverCents', op: 'lt', value: 5_000_000_000 },
        },
        { key: 'hasCertifications', type: 'yesNo', label: 'L’impresa ha certificazioni che riducono la garanzia?', required: true },
        {
          key: 'certifications',
          type: 'severalOf',
          label: 'Certificazioni possedute',
          required: true,
          maxSelected: 4,
          showWhen: { question: 'hasCertifications', op: 'isTrue' },
          options: [
            { value: 'iso9001', label: 'ISO 9001 (qualità)' },
            { value: 'iso14001', label: 'ISO 14001 (ambiente)' },
            { value: 'emas', label: 'Registrazione EMAS' },
            { value: 'sa8000', label: 'SA 8000 (responsabilità sociale)' },
          ],
        },
        {
          key: 'certificationReduction',
          type: 'percent',
          label: 'Riduzione applicata per le certificazioni',
          max: 50,
          showWhen: { question: 'certifications', op: 'answered' },
        },
        {
          key: 'counterGuarantee',
          type: 'oneOf',
          label: 'Controgaranzia offerta alla compagnia',
          required: true,
          options: [
            { value: 'none', label: 'Nessuna' },
            { value: 'cosigner', label: 'Un coobbligato' },
            { value: 'deposit', label: 'Un deposito cauzionale' },
          ],
        },
        {
          key: 'cosignerTaxId',
          type: 'taxId',
          accepts: 'person',
          label: 'Codice fiscale del coobbligato',
          required: true,
          showWhen: { question: 'counterGuarantee', op: 'equals', value: 'cosigner' },
        },
        {
          key: 'depositRefundIban',
          type: 'iban',
          label: 'IBAN per la restituzione del deposito',
          required: true,
          showWhen: { question: 'counterGuarantee', op: 'equals', value: 'deposit' },
        },
        { key: 'notes', type: 'longText', label: 'Note per il broker', maxLength: 2000 },
      ],
    },
  ],
};

/** The example questionnaire, as the model holds it (defaults applied). */
export const EXAMPLE_QUESTIONNAIRE: TQuestionnaire = ZQuestionnaire.parse(input);
