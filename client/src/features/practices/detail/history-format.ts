import type { TAnySectorDefinition } from '../../../../../shared/practices/definition';
import type { TPracticeChange, TPracticeHistoryEntry } from '../../../../../shared/schemas/practices';
import { formatCents } from '../../../lib/format';

/** What each kind of history entry says (design "Practices"); a kind not listed shows as it is stored. */
const KIND_LABELS: Record<string, string> = {
  created: 'Pratica aperta',
  data_changed: 'Dati modificati',
  state_changed: 'Cambio di stato',
  taken: 'Presa in carico',
  assigned: 'Assegnata dall’amministrazione',
  released: 'Rilasciata',
  quotation_added: 'Preventivo aggiunto',
  quotation_changed: 'Preventivo modificato',
  quotation_chosen: 'Preventivo scelto',
  document_added: 'Documento aggiunto',
  precontract_questionnaire: 'Questionario delle esigenze compilato',
  precontract_sent: 'Modulo precontrattuale inviato al cliente',
  precontract_signed: 'Modulo precontrattuale firmato',
  payment_requested: 'Pagamento richiesto',
  renewal_opened: 'Rinnovo aperto',
  note: 'Nota',
};

/** Italian labels of the payload keys a history entry may carry. */
const PAYLOAD_LABELS: Record<string, string> = {
  reason: 'Motivo',
  policyNumber: 'Numero di polizza',
  effectiveDate: 'Decorrenza',
  expiryDate: 'Scadenza',
  activationDate: 'Data di attivazione',
  endDate: 'Data di cessazione',
  text: 'Testo',
  name: 'File',
  companyName: 'Compagnia',
  premiumCents: 'Premio',
  amountCents: 'Importo',
  sentTo: 'Inviato a',
  signedBy: 'Firmato da',
  mode: 'Modalità',
  automatic: 'Automatico',
  commissionCents: 'Provvigione',
  import: 'Dal file esiti del fornitore',
  fromBroker: 'Broker precedente',
  toBroker: 'Assegnata a',
};

/** Labels of a quotation's fields (quotation_changed lists what changed in it). */
const QUOTATION_LABELS: Record<string, string> = {
  company: 'Compagnia',
  agency: 'Agenzia',
  premiumCents: 'Premio',
  instalments: 'Frazionamento',
  personInjuryCents: 'Massimale danni alle persone',
  propertyDamageCents: 'Massimale danni alle cose',
  insuredCents: 'Somma assicurata o garantita',
  covers: 'Garanzie',
  conditions: 'Condizioni',
  validUntil: 'Valido fino al',
  file: 'PDF del preventivo',
};

/** Readable values of coded payload keys. */
const PAYLOAD_VALUES: Record<string, Record<string, string>> = { mode: { paper: 'Firma su carta', otp: 'Firma con codice via e-mail' } };

/** Payload keys that are ids or internals, not for people to read. */
const HIDDEN_PAYLOAD = new Set(['transition', 'quotationId', 'previousId', 'unchosen', 'fileId', 'messageId', 'fromMessageId', 'paymentId', 'practiceId', 'renewalId', 'renewalOfId', 'templateId', 'fromBrokerId', 'toBrokerId', 'documentSha256', 'signedSha256', 'withdrawn']);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const isLabelled = (value: unknown): value is { label: string } => typeof value === 'object' && value !== null && typeof (value as { label?: unknown }).label === 'string';

/**
 * A stored value as a short Italian text: dates as dd/mm/yyyy, amounts (a key ending in `Cents`) in euro, yes/no,
 * lists joined (items with a label by their label), nothing as a dash.
 */
export const formatHistoryValue = (value: unknown, key = ''): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number' && /cents$/i.test(key)) return formatCents(value);
  if (isLabelled(value)) return value.label;
  if (typeof value === 'boolean') return value ? 'Sì' : 'No';
  if (typeof value === 'string') return ISO_DATE.test(value) ? value.split('-').reverse().join('/') : value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((item) => formatHistoryValue(item)).join(', ');
  return JSON.stringify(value);
};

export type THistoryLine = { label: string; from?: string; to: string };
export type THistoryView = { title: string; by: string; lines: THistoryLine[] };

/**
 * One history entry as the timeline shows it: what happened (a state change names both states and the action),
 * who did it and, under an impersonation, the admin behind it; the data changes from/to with the sector's field
 * labels (`labelOf`), and the payload worth reading (a reason, the policy number).
 */
export const describeHistoryEntry = (
  entry: TPracticeHistoryEntry,
  definition: TAnySectorDefinition,
  labelOf: (path: string) => string = (path) => path,
): THistoryView => {
  const states: Record<string, string> = definition.states;
  const stateLabel = (state: string | null) => (state ? (states[state] ?? state) : '—');
  const transitionName = typeof entry.payload.transition === 'string' ? entry.payload.transition : null;
  const transition = transitionName ? definition.transitions.find((candidate) => candidate.name === transitionName) : undefined;
  const title =
    entry.kind === 'state_changed'
      ? `${transition ? `${transition.label}: ` : ''}${stateLabel(entry.fromState)} → ${stateLabel(entry.toState)}`
      : (KIND_LABELS[entry.kind] ?? entry.kind);
  const by = entry.impersonatorName ? `${entry.impersonatorName} come ${entry.actorName}` : entry.actorName;
  const changeLabel = entry.kind.startsWith('quotation_') ? (path: string) => QUOTATION_LABELS[path] ?? path : labelOf;
  const changes = entry.changes.map((change: TPracticeChange) => ({
    label: changeLabel(change.path),
    from: formatHistoryValue(change.from, change.path),
    to: formatHistoryValue(change.to, change.path),
  }));
  const details = Object.entries(entry.payload)
    .filter(([key, value]) => !HIDDEN_PAYLOAD.has(key) && value !== null && value !== undefined && typeof value !== 'object')
    .map(([key, value]) => ({ label: PAYLOAD_LABELS[key] ?? key, to: PAYLOAD_VALUES[key]?.[String(value)] ?? formatHistoryValue(value, key) }));
  return { title, by, lines: [...changes, ...details] };
};
