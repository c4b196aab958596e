/** Italian names of the actions the platform writes to the audit log; an unknown action is shown as written. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'login-as': 'Accesso come utente',
  request: 'Operazione',
  client_created: 'Cliente creato',
  client_updated: 'Cliente modificato',
  client_deleted: 'Cliente eliminato',
  client_moved: 'Cliente spostato',
  client_exported: 'Dati cliente esportati',
  client_erased: 'Dati cliente cancellati',
  client_erasure_refused: 'Cancellazione rifiutata',
  clients_imported: 'Clienti importati',
  contract_signed: 'Contratto firmato',
  geo_comune_updated: 'Comune modificato',
  insurer_company_created: 'Compagnia creata',
  insurer_company_updated: 'Compagnia modificata',
  insurer_agency_created: 'Agenzia creata',
  insurer_agency_updated: 'Agenzia modificata',
};

export const auditActionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;

const WHEN = new Intl.DateTimeFormat('it-IT', { dateStyle: 'short', timeStyle: 'medium' });
export const formatAuditTime = (value: Date | string) => WHEN.format(new Date(value));
