import { formatEuroCents } from '../practices/quotation';

/**
 * The Italian messages of products' questionnaires: those the admin sees when a questionnaire is not well formed
 * (`ZQuestionnaire`), and those a corner sees on a question when an answer is wrong (`answersSchemaOf`).
 */

const italianNumber = (value: number) => new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 }).format(value);
const italianDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** Messages of the questionnaire's model (the admin's editor). */
export const QUESTIONNAIRE_MODEL_MSG = {
  invalid: 'Questionario non valido.',
  sectionsRequired: 'Aggiungi almeno una sezione.',
  sectionsTooMany: (max: number) => `Al massimo ${max} sezioni.`,
  sectionEmpty: 'Aggiungi almeno una domanda alla sezione.',
  questionsTooMany: (max: number) => `Al massimo ${max} domande in tutto il questionario.`,
  titleRequired: 'Indica il titolo della sezione (al massimo 120 caratteri).',
  keyInvalid: 'Chiave non valida: inizia con una lettera minuscola, poi lettere, cifre o _ (al massimo 40 caratteri).',
  sectionKeyDuplicate: (key: string) => `La chiave «${key}» è già usata da un’altra sezione.`,
  questionKeyDuplicate: (key: string) => `La chiave «${key}» è già usata da un’altra domanda.`,
  labelRequired: 'Indica il testo della domanda (al massimo 300 caratteri).',
  helpTooLong: 'Aiuto troppo lungo: al massimo 1000 caratteri.',
  typeInvalid: 'Tipo di domanda non valido.',
  optionsTooFew: 'Indica almeno due opzioni.',
  optionsTooMany: 'Al massimo 100 opzioni.',
  optionValueInvalid: 'Valore dell’opzione non valido: lettere, cifre, _ o - (al massimo 60 caratteri).',
  optionLabelRequired: 'Indica il testo dell’opzione (al massimo 200 caratteri).',
  optionDuplicate: (value: string) => `Il valore «${value}» è già usato da un’altra opzione.`,
  limitInvalid: 'Limite non valido.',
  minAboveMax: 'Il minimo non può superare il massimo.',
  lengthLimitInvalid: (max: number) => `La lunghezza va da 1 a ${max} caratteri.`,
  formatWithLength: 'Con un formato prestabilito la lunghezza è già data: togli i limiti di lunghezza.',
  percentLimitInvalid: 'Una percentuale va da 0 a 100, con al massimo due decimali.',
  dateLimitInvalid: 'Data limite non valida (AAAA-MM-GG).',
  dateLimitsMixed: 'Usa limiti di data fissi oppure relativi a oggi, non entrambi.',
  maxSelectedInvalid: 'Il numero massimo di scelte va da 1 al numero di opzioni.',
  conditionUnknown: (key: string) => `La condizione si riferisce a «${key}», che non è una domanda precedente.`,
  conditionType: (key: string) => `La condizione non è adatta al tipo della domanda «${key}».`,
  conditionOption: (value: string) => `«${value}» non è un’opzione della domanda a cui si riferisce la condizione.`,
  conditionValuesRequired: 'Indica almeno un valore (al massimo 100).',
  alreadyRequired: 'La domanda è già sempre obbligatoria: togli la condizione di obbligo.',
  afterUnknown: (key: string) => `«${key}» non è una domanda di tipo data che precede questa.`,
  percentOfUnknown: (key: string) => `«${key}» non è una domanda di tipo importo che precede questa.`,
  percentOfValue: 'La percentuale massima va da 0,01 a 100, con al massimo due decimali.',
  percentOfImpossible: 'Con questi limiti l’importo minimo supera sempre la percentuale massima consentita.',
} as const;

/** Messages on a practice's answers, each reported on the question's key. */
export const ANSWER_MSG = {
  notAnObject: 'Risposte non valide: attese come oggetto { chiave: risposta }.',
  unknownQuestion: (key: string) => `«${key}» non è una domanda di questo questionario.`,
  required: 'Rispondi a questa domanda.',
  notAsked: 'Questa domanda non è prevista con le risposte date: togli la risposta.',
  text: 'Risposta non valida: scrivi un testo.',
  controlChars: 'Il testo contiene caratteri non ammessi.',
  tooShort: (min: number) => `Scrivi almeno ${min} caratteri.`,
  tooLong: (max: number) => `Scrivi al massimo ${max} caratteri.`,
  email: 'Inserisci un indirizzo e-mail valido.',
  phone: 'Numero di telefono non valido.',
  cap: 'CAP non valido: sono 5 cifre.',
  cig: 'CIG non valido: 10 caratteri, lettere e cifre.',
  ateco: 'Codice ATECO non valido: formato NN.NN.NN (es. 47.11.00).',
  number: 'Indica un numero.',
  integer: 'Indica un numero intero, senza decimali.',
  numberBelow: (min: number) => `Il valore minimo è ${italianNumber(min)}.`,
  numberAbove: (max: number) => `Il valore massimo è ${italianNumber(max)}.`,
  money: 'Importo non valido: indicalo in centesimi di euro, un numero intero non negativo.',
  moneyBelow: (min: number) => `L’importo minimo è ${formatEuroCents(min)}.`,
  moneyAbove: (max: number) => `L’importo massimo è ${formatEuroCents(max)}.`,
  percent: 'Percentuale non valida: da 0 a 100, con al massimo due decimali.',
  percentBelow: (min: number) => `La percentuale minima è ${italianNumber(min)}%.`,
  percentAbove: (max: number) => `La percentuale massima è ${italianNumber(max)}%.`,
  date: 'Data non valida (AAAA-MM-GG).',
  dateBefore: (min: string) => `La data non può essere precedente al ${italianDate(min)}.`,
  dateAfter: (max: string) => `La data non può essere successiva al ${italianDate(max)}.`,
  dateNotAfter: (label: string) => `La data deve essere successiva a «${label}».`,
  yesNo: 'Rispondi sì o no.',
  option: 'Scegli una delle opzioni previste.',
  options: 'Scegli tra le opzioni previste.',
  optionRepeated: 'Opzione scelta più volte.',
  tooManySelected: (max: number) => `Scegli al massimo ${max} ${max === 1 ? 'opzione' : 'opzioni'}.`,
  comune: 'Indica il comune e la sigla della provincia.',
  comuneName: 'Indica il nome del comune (al massimo 100 caratteri).',
  province: 'Sigla della provincia non valida (2 lettere, es. MI).',
  istat: 'Codice ISTAT non valido: sono 6 cifre.',
  taxIdAny: 'Inserisci un codice fiscale (16 caratteri) o una partita IVA (11 cifre) valida.',
  taxIdPerson: 'Inserisci il codice fiscale di una persona (16 caratteri) valido.',
  taxIdCompany: 'Inserisci una partita IVA (11 cifre) valida.',
  file: 'Allega il file richiesto.',
  percentOf: (percent: number, label: string, maxCents: number) =>
    `L’importo non può superare il ${italianNumber(percent)}% di «${label}»: al massimo ${formatEuroCents(maxCents)}.`,
} as const;
