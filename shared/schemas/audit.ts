import { z } from 'zod';

/**
 * The audit log (issue 28): who did what, and the admin behind an impersonation ("login-as") session. Kept at least
 * six months; the admin setting `auditRetentionMonths` may keep it longer, never shorter.
 */
export const AUDIT_RETENTION_MONTHS_MIN = 6;
export const AUDIT_RETENTION_MONTHS_MAX = 120;
export const AUDIT_RETENTION_SETTING_KEY = 'auditRetentionMonths';

export const AUDIT_MSG = {
  retentionNotWhole: 'Indica i mesi di conservazione del registro con un numero intero.',
  retentionTooFew: `Il registro delle attività va conservato per almeno ${AUDIT_RETENTION_MONTHS_MIN} mesi.`,
  retentionTooMany: `Il registro delle attività non può essere conservato per più di ${AUDIT_RETENTION_MONTHS_MAX} mesi.`,
  badPeriod: 'La data di inizio deve precedere quella di fine.',
} as const;

/** The value of `auditRetentionMonths`: whole months, from six to 120. */
export const zAuditRetentionMonths = () =>
  z
    .number({ error: AUDIT_MSG.retentionNotWhole })
    .int({ error: AUDIT_MSG.retentionNotWhole })
    .min(AUDIT_RETENTION_MONTHS_MIN, { error: AUDIT_MSG.retentionTooFew })
    .max(AUDIT_RETENTION_MONTHS_MAX, { error: AUDIT_MSG.retentionTooMany });

export const AUDIT_PAGE_LIMIT_MAX = 200;

// Query strings carry empty values (`actor=&action=`): they mean "no filter".
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/** GET /api/admin/audit?actor=&impersonator=&action=&record=&from=&to=&page=&limit= and audit.list. */
export const ZAuditQuery = z
  .object({
    /** Who did it: the account the action was made with (for a call during a login-as, the user acted as). */
    actor: optional(z.uuid()),
    /** The admin behind a login-as: the session's start and every call made in it. */
    impersonator: optional(z.uuid()),
    action: optional(z.string().trim().max(100)),
    /** Part of the record's path or details (a client id, `/api/clients/...`). */
    record: optional(z.string().trim().max(200)),
    from: optional(z.coerce.date()),
    /** Inclusive: a bare date (`2026-11-27`) means up to the end of that day. */
    to: optional(z.coerce.date()),
    page: optional(z.coerce.number().int().min(1)),
    limit: optional(z.coerce.number().int().min(1).max(AUDIT_PAGE_LIMIT_MAX)),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], error: AUDIT_MSG.badPeriod });
export type TAuditQuery = z.input<typeof ZAuditQuery>;
export type TAuditFilters = z.output<typeof ZAuditQuery>;

const ZPerson = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type TAuditPerson = z.infer<typeof ZPerson>;

/** One line of the audit log. */
export const ZAuditEntry = z.object({
  id: z.string(),
  at: z.date(),
  actor: ZPerson,
  /** The admin behind it when made in a login-as session, else null. */
  impersonator: ZPerson.nullable(),
  /** The account concerned (the user acted as, the corner whose client...). */
  subject: ZPerson,
  action: z.string(),
  method: z.string().nullable(),
  path: z.string().nullable(),
  statusCode: z.number().nullable(),
  ip: z.string().nullable(),
  details: z.unknown().nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

/** A row of the list: one entry, or one impersonation session with its start and calls (newest first). */
export const ZAuditItem = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('entry'), key: z.string(), entry: ZAuditEntry }),
  z.object({
    kind: z.literal('impersonation'),
    key: z.string(),
    admin: ZPerson,
    user: ZPerson,
    startedAt: z.date(),
    lastAt: z.date(),
    entries: z.array(ZAuditEntry),
  }),
]);
export type TAuditItem = z.infer<typeof ZAuditItem>;

export const ZAuditPage = z.object({ items: z.array(ZAuditItem), total: z.number(), page: z.number(), limit: z.number() });
export type TAuditPage = z.infer<typeof ZAuditPage>;

/** The CSV export's Italian headers, in their order. */
export const AUDIT_CSV_HEADERS = ['Data e ora', 'Chi', 'Email', 'Per conto di (admin)', 'Utente interessato', 'Azione', 'Metodo', 'Percorso', 'Esito', 'IP', 'Sessione', 'Dettagli'] as const;
