import {
  ALTRI_RAMI_MSG,
  ZAltriRamiData,
  detailGroupOf,
  type TAltriRamiCategory,
  type TAltriRamiData,
  type THomeOwnership,
} from '../../../../../../shared/practices/altri-rami';

/**
 * The altri rami request form as its inputs hold it: the same paths as the request data (`details.address.comune`,
 * `currentPolicy.company`, `covers.2`), so the schema's and the server's messages land under the right input; empty
 * numbers as '', the policy in force behind a switch, money in euro. The details hold every category's fields; only
 * the chosen category's are shown and sent.
 */
export type TAltriRamiFormValues = {
  category: TAltriRamiCategory | '';
  description: string;
  /** Euro, as typed (DecimalInput); sent in cents, null when left to the broker. */
  insuredCents: number | null;
  startDate: string | null;
  durationYears: number | '';
  hasCurrentPolicy: boolean;
  currentPolicy: { company: string; expiryDate: string | null };
  covers: string[];
  details: {
    address: { street: string; comune: string; province: string };
    squareMetres: number | '';
    constructionYear: number | '';
    ownership: THomeOwnership | '';
    birthDate: string | null;
    occupation: string;
    profession: string;
    register: string;
    registerNumber: string;
    /** Euro, as typed; sent in cents (professional liability, business, shop). */
    turnoverCents: number | null;
    destination: string;
    departureDate: string | null;
    returnDate: string | null;
    travellers: number | '';
    activity: string;
    atecoCode: string;
    employees: number | '';
  };
  notes: string;
};

export const EMPTY_ALTRI_RAMI_FORM: TAltriRamiFormValues = {
  category: '',
  description: '',
  insuredCents: null,
  startDate: null,
  durationYears: 1,
  hasCurrentPolicy: false,
  currentPolicy: { company: '', expiryDate: null },
  covers: [],
  details: {
    address: { street: '', comune: '', province: '' },
    squareMetres: '',
    constructionYear: '',
    ownership: '',
    birthDate: null,
    occupation: '',
    profession: '',
    register: '',
    registerNumber: '',
    turnoverCents: null,
    destination: '',
    departureDate: null,
    returnDate: null,
    travellers: 1,
    activity: '',
    atecoCode: '',
    employees: '',
  },
  notes: '',
};

const num = (value: number | '' | null | undefined): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const text = (value: string | null | undefined): string => value ?? '';
const cents = (euro: number | null): number | undefined => (euro === null ? undefined : Math.round(euro * 100));
const euro = (value: number | null | undefined): number | null => (typeof value === 'number' ? value / 100 : null);

/** The details of the chosen category only (what its schema checks). */
const detailsInput = (values: TAltriRamiFormValues): Record<string, unknown> => {
  const details = values.details;
  switch (values.category ? detailGroupOf(values.category) : null) {
    case 'home':
      return {
        address: { ...details.address },
        squareMetres: num(details.squareMetres),
        constructionYear: num(details.constructionYear),
        ownership: details.ownership || undefined,
      };
    case 'person':
      return { birthDate: text(details.birthDate), occupation: details.occupation };
    case 'professional':
      return { profession: details.profession, register: details.register, registerNumber: details.registerNumber, turnoverCents: cents(details.turnoverCents) };
    case 'travel':
      return { destination: details.destination, departureDate: text(details.departureDate), returnDate: text(details.returnDate), travellers: num(details.travellers) };
    case 'activity':
      return { activity: details.activity, atecoCode: details.atecoCode, turnoverCents: cents(details.turnoverCents), employees: num(details.employees) };
    default:
      return {};
  }
};

/** What is sent as the practice's `data` (checked again by the server with the same schema). */
export const toAltriRamiInput = (values: TAltriRamiFormValues): Record<string, unknown> => ({
  category: values.category || undefined,
  description: values.description,
  insuredCents: values.insuredCents === null ? null : cents(values.insuredCents),
  startDate: text(values.startDate),
  // A cleared duration is an error to show, not the default year.
  durationYears: num(values.durationYears) ?? Number.NaN,
  currentPolicy: values.hasCurrentPolicy ? { company: values.currentPolicy.company, expiryDate: text(values.currentPolicy.expiryDate) } : null,
  covers: values.covers,
  details: detailsInput(values),
  notes: values.notes,
});

/** A saved request back into the form (editing a practice still in quotation). */
export const toAltriRamiFormValues = (data: TAltriRamiData): TAltriRamiFormValues => {
  const details = data.details;
  const empty = EMPTY_ALTRI_RAMI_FORM.details;
  return {
    category: data.category,
    description: data.description,
    insuredCents: euro(data.insuredCents),
    startDate: data.startDate,
    durationYears: data.durationYears,
    hasCurrentPolicy: data.currentPolicy !== null,
    currentPolicy: data.currentPolicy ? { ...data.currentPolicy } : EMPTY_ALTRI_RAMI_FORM.currentPolicy,
    covers: [...data.covers],
    details: {
      address: details.address ? { ...details.address } : empty.address,
      squareMetres: details.squareMetres ?? '',
      constructionYear: details.constructionYear ?? '',
      ownership: details.ownership ?? '',
      birthDate: details.birthDate ?? null,
      occupation: details.occupation ?? '',
      profession: details.profession ?? '',
      register: details.register ?? '',
      registerNumber: details.registerNumber ?? '',
      turnoverCents: euro(details.turnoverCents),
      destination: details.destination ?? '',
      departureDate: details.departureDate ?? null,
      returnDate: details.returnDate ?? null,
      travellers: details.travellers ?? empty.travellers,
      activity: details.activity ?? '',
      atecoCode: details.atecoCode ?? '',
      employees: details.employees ?? '',
    },
    notes: data.notes,
  };
};

/** The schema speaks of cents to integrators; the form's money fields are in euro. */
const FORM_MESSAGES: Record<string, string> = {
  [ALTRI_RAMI_MSG.insuredInvalid]: 'Indica la somma assicurata o il massimale in euro (un importo positivo), o lascia vuoto.',
  [ALTRI_RAMI_MSG.turnoverInvalid]: 'Indica il fatturato annuo in euro (0 o più).',
};

/** A message under the form's input (the form's own wording where it differs from the schema's). */
export const formMessage = (message: string): string => FORM_MESSAGES[message] ?? message;

/**
 * Every problem of the request, by form path, with the schema the server uses: a description too short, a
 * province that is not a 2-letter code, a return before the departure, an ATECO code in the wrong format...
 * The message of a single cover (`covers.3`) is shown under `covers`, the tags input, naming the cover.
 */
export const checkAltriRamiForm = (values: TAltriRamiFormValues): Record<string, string> => {
  const result = ZAltriRamiData.safeParse(toAltriRamiInput(values));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const isCover = issue.path[0] === 'covers' && issue.path.length > 1;
    const path = isCover ? 'covers' : issue.path.map(String).join('.');
    const message = isCover ? `«${values.covers[Number(issue.path[1])]?.trim() ?? ''}»: ${issue.message}` : formMessage(issue.message);
    if (!(path in errors)) errors[path] = message;
  }
  return errors;
};
