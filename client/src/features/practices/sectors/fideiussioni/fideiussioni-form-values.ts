import {
  FIDEIUSSIONI_MSG,
  ZFideiussioniData,
  isTenderKind,
  needsContractValue,
  type TFideiussioneKind,
  type TFideiussioniData,
} from '../../../../../../shared/practices/fideiussioni';

/**
 * The fideiussioni request form as its inputs hold it: the same paths as the request data (`beneficiary.taxCode`,
 * `cig`), so the schema's and the server's messages land under the right input; money in euro. The CIG shows for
 * the kinds measured on a contract, the tender's object for the tender kinds; hidden fields are sent empty.
 */
export type TFideiussioniFormValues = {
  kind: TFideiussioneKind | '';
  beneficiary: { name: string; taxCode: string; pec: string };
  /** Euro, as typed (DecimalInput); sent in cents. */
  guaranteedCents: number | null;
  /** Euro, as typed; sent in cents, null when empty. */
  contractValueCents: number | null;
  cig: string;
  tenderObject: string;
  startDate: string | null;
  endDate: string | null;
  obligation: string;
  notes: string;
};

export const EMPTY_FIDEIUSSIONI_FORM: TFideiussioniFormValues = {
  kind: '',
  beneficiary: { name: '', taxCode: '', pec: '' },
  guaranteedCents: null,
  contractValueCents: null,
  cig: '',
  tenderObject: '',
  startDate: null,
  endDate: null,
  obligation: '',
  notes: '',
};

/** Whether the form shows the CIG for this kind (public contracts: tenders, advance payment, final instalment). */
export const showsCig = (kind: TFideiussioneKind | ''): boolean => needsContractValue(kind);
/** Whether the form shows the tender's object (the two tender kinds). */
export const showsTenderObject = (kind: TFideiussioneKind | ''): boolean => isTenderKind(kind);

const text = (value: string | null | undefined): string => value ?? '';
const cents = (euro: number | null): number | undefined => (euro === null ? undefined : Math.round(euro * 100));

/** What is sent as the practice's `data` (checked again by the server with the same schema). */
export const toFideiussioniInput = (values: TFideiussioniFormValues): Record<string, unknown> => ({
  kind: values.kind || undefined,
  beneficiary: { ...values.beneficiary },
  guaranteedCents: cents(values.guaranteedCents),
  contractValueCents: values.contractValueCents === null ? null : cents(values.contractValueCents),
  cig: showsCig(values.kind) ? values.cig : '',
  tenderObject: showsTenderObject(values.kind) ? values.tenderObject : '',
  startDate: text(values.startDate),
  endDate: text(values.endDate),
  obligation: values.obligation,
  notes: values.notes,
});

/** A saved request back into the form (editing a practice still in quotation). */
export const toFideiussioniFormValues = (data: TFideiussioniData): TFideiussioniFormValues => ({
  kind: data.kind,
  beneficiary: { ...data.beneficiary },
  guaranteedCents: data.guaranteedCents / 100,
  contractValueCents: data.contractValueCents === null ? null : data.contractValueCents / 100,
  cig: data.cig,
  tenderObject: data.tenderObject,
  startDate: data.startDate,
  endDate: data.endDate,
  obligation: data.obligation,
  notes: data.notes,
});

/** The schema speaks of cents to integrators; the form's money fields are in euro. */
const FORM_MESSAGES: Record<string, string> = {
  [FIDEIUSSIONI_MSG.guaranteedInvalid]: 'Indica l’importo da garantire in euro: un importo positivo.',
  [FIDEIUSSIONI_MSG.contractValueInvalid]: 'Indica il valore del contratto in euro.',
};

/** A message under the form's input (the form's own wording where it differs from the schema's). */
export const formMessage = (message: string): string => FORM_MESSAGES[message] ?? message;

/**
 * Every problem of the request, by form path, with the schema the server uses: a beneficiary's tax code that is
 * neither a codice fiscale nor a partita IVA, a tender without CIG, a provisional bond above 4% of the tender...
 */
export const checkFideiussioniForm = (values: TFideiussioniFormValues): Record<string, string> => {
  const result = ZFideiussioniData.safeParse(toFideiussioniInput(values));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in errors)) errors[path] = formMessage(issue.message);
  }
  return errors;
};
