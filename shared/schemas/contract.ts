import { z } from 'zod';
import { ROLES, type TRole } from '../constants';
import { zText } from './common';
import { ZFileItem, ZFilePath } from './files';

/** Italian texts of the contract signed with a one-time password and of the admin documents page. */
export const CONTRACT_MSG = {
  otpSent: 'Ti abbiamo inviato un codice via e-mail.',
  signed: 'Contratto firmato.',
  otpFormat: 'Il codice è formato da 6 cifre.',
  otpWrong: (attemptsLeft: number) =>
    attemptsLeft === 1 ? 'Codice errato: ti resta 1 tentativo.' : `Codice errato: ti restano ${attemptsLeft} tentativi.`,
  otpLocked: 'Codice bloccato: richiedine uno nuovo.',
  otpExpired: 'Codice scaduto: richiedine uno nuovo.',
  otpMissing: 'Nessun codice attivo: richiedine uno nuovo.',
  otpWait: (seconds: number) => `Potrai richiedere un nuovo codice tra ${seconds} ${seconds === 1 ? 'secondo' : 'secondi'}.`,
  otpDailyLimit: 'Hai richiesto troppi codici nelle ultime 24 ore: riprova più tardi.',
  otpSendFailed: 'Non è stato possibile inviare il codice: riprova tra poco.',
  otpNoDestination: 'Non hai un indirizzo e-mail a cui inviare il codice.',
  onlyCorners: 'Solo i corner firmano il contratto di collaborazione.',
  impersonationForbidden: 'Un amministratore non può firmare il contratto al posto dell’utente.',
  alreadySigned: 'Il contratto è già firmato.',
  profileIncomplete: 'Completa i dati del profilo prima di firmare il contratto.',
  documentChanged: 'Il contratto è cambiato dopo l’invio del codice: richiedine uno nuovo.',
  signRequired: 'Per operare devi prima firmare il contratto.',
  otpMailSubject: 'Codice per firmare il contratto',
  // admin documents
  audienceInvalid: 'Destinatari non validi.',
  audienceRolesRequired: 'Indica almeno un ruolo.',
  audienceUsersRequired: 'Indica almeno un utente.',
  audienceUnknownUsers: 'Alcuni utenti indicati non esistono.',
  docTypeInvalid: 'Tipo di documento non valido: contract-template o other.',
  audienceUpdated: 'Destinatari aggiornati.',
  templateInvalid: (name: string) => `Il modello di contratto "${name}" deve essere un PDF leggibile e non protetto.`,
} as const;

/** Contract progress (spec section 4). */
export const CONTRACT_PROGRESS = ['none', 'sent', 'completed'] as const;
export type TContractProgress = (typeof CONTRACT_PROGRESS)[number];

/** docType of the files of the contract. */
export const CONTRACT_DOC_TYPES = {
  /** A PDF the admin publishes; the newest one is the template of every corner's contract. */
  template: 'contract-template',
  /** The corner's contract made from the template, to be signed. */
  generated: 'contract',
  /** The signed contract with its evidence page. */
  signed: 'contract-signed',
} as const;

/** Names of the template's AcroForm text fields that are filled with the corner's data (case-insensitive). */
export const CONTRACT_TEMPLATE_FIELDS = ['nome', 'cognome', 'ragione_sociale', 'codice_fiscale', 'partita_iva', 'email', 'telefono', 'data'] as const;

/** `user.contract` of GET /api/profile. `path` is the signed document, `generatedPath` the one to sign. */
export const ZContractSummary = z.object({
  progress: z.enum(CONTRACT_PROGRESS),
  signedAt: z.date().nullable(),
  path: z.string().nullable(),
  generatedPath: z.string().nullable().optional(),
});
export type TContractSummary = z.infer<typeof ZContractSummary>;

export const NO_CONTRACT: TContractSummary = { progress: 'none', signedAt: null, path: null, generatedPath: null };

export const OTP_CHANNELS = ['email', 'sms'] as const;
export type TOtpChannel = (typeof OTP_CHANNELS)[number];

/** The code being waited for, if any (the 'Firma con OTP' dialog). */
export const ZPendingOtp = z.object({
  expiresAt: z.date(),
  resendAfter: z.date(),
  attemptsLeft: z.number().int(),
  channel: z.enum(OTP_CHANNELS),
  maskedDestination: z.string(),
});

/** contract.status / GET /api/docs/contract. */
export const ZContractStatus = ZContractSummary.extend({
  signedSha256: z.string().nullable(),
  otp: ZPendingOtp.nullable(),
});
export type TContractStatus = z.infer<typeof ZContractStatus>;

/** Answer of POST /api/docs/contract/otp. */
export const ZContractOtpResponse = z.object({
  message: z.string(),
  expiresAt: z.date(),
  resendAfter: z.date(),
  channel: z.enum(OTP_CHANNELS),
  maskedDestination: z.string(),
  generatedPath: z.string(),
});
export type TContractOtpResponse = z.infer<typeof ZContractOtpResponse>;

/** The file name the unsigned contract is read and downloaded under. */
export const CONTRACT_PREVIEW_NAME = 'Contratto di collaborazione.pdf';

/**
 * contract.preview: the corner's unsigned contract as the next code would sign it, to read before asking for a
 * code (GET /api/docs/contract/preview serves the same PDF itself). `sha256` is the fingerprint of these bytes.
 */
export const ZContractPreview = z.object({
  name: z.string(),
  mime: z.literal('application/pdf'),
  sha256: z.string(),
  /** The PDF, base64 (tRPC carries JSON). */
  base64: z.string(),
});
export type TContractPreview = z.infer<typeof ZContractPreview>;

/** Body of POST /api/docs/contract/sign. */
export const ZSignContractRequest = z.object({
  otp: z
    .string({ error: CONTRACT_MSG.otpFormat })
    .trim()
    .regex(/^\d{6}$/, { error: CONTRACT_MSG.otpFormat }),
});
export type TSignContractRequest = z.infer<typeof ZSignContractRequest>;

export const ZSignContractResponse = z.object({ message: z.string(), contract: ZContractStatus });
export type TSignContractResponse = z.infer<typeof ZSignContractResponse>;

/**
 * Spec section 4: a record is complete when its contract progress is completed and its status is true. Only
 * corners sign a contract: admins and brokers are always complete. Booking, issuing and activation ask this.
 */
export const isContractComplete = (user: { role: string; status: unknown; contract: Pick<TContractSummary, 'progress'> }): boolean =>
  user.role !== 'corner' || (user.contract.progress === 'completed' && user.status === true);

// ---------------------------------------------------------------------------------------------------------
// Admin documents page (/admin/documenti): contract templates and other documents for all users or some.

/** Who sees a published document: everyone, some roles, some users, or only the admins ('none'). */
export const DOC_AUDIENCES = ['all', 'roles', 'users', 'none'] as const;
export type TDocAudience = (typeof DOC_AUDIENCES)[number];
export const ADMIN_DOC_TYPES = ['contract-template', 'other'] as const;
export type TAdminDocType = (typeof ADMIN_DOC_TYPES)[number];

/** `a,b,c` (query string) or an array (JSON) into a list. */
const csv = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').map((part) => part.trim()).filter(Boolean) : value ?? []),
    z.array(item).max(500),
  );

const ZAudienceFields = z.object({
  audience: z.enum(DOC_AUDIENCES, { error: CONTRACT_MSG.audienceInvalid }),
  roles: csv(z.enum(ROLES, { error: CONTRACT_MSG.audienceInvalid })),
  userIds: csv(z.uuid({ error: CONTRACT_MSG.audienceInvalid })),
});

const audienceRules = <T extends z.ZodType<{ audience: TDocAudience; roles: TRole[]; userIds: string[] }>>(schema: T) =>
  schema
    .refine((value) => value.audience !== 'roles' || value.roles.length > 0, { error: CONTRACT_MSG.audienceRolesRequired, path: ['roles'] })
    .refine((value) => value.audience !== 'users' || value.userIds.length > 0, { error: CONTRACT_MSG.audienceUsersRequired, path: ['userIds'] });

/**
 * Query of POST /api/admin/docs/upload: `audience=all|roles|users|none`, `roles=corner,broker`, `userIds=<uuid>,…`,
 * `docType=contract-template|other`. Without an audience, templates are for admins only and others for all.
 */
export const ZAdminDocUploadQuery = audienceRules(
  ZAudienceFields.extend({
    docType: z.enum(ADMIN_DOC_TYPES, { error: CONTRACT_MSG.docTypeInvalid }).default('other'),
    audience: z.enum(DOC_AUDIENCES, { error: CONTRACT_MSG.audienceInvalid }).optional(),
  }).transform((value) => ({ ...value, audience: value.audience ?? (value.docType === 'contract-template' ? 'none' : 'all') })),
);
export type TAdminDocUploadQuery = z.infer<typeof ZAdminDocUploadQuery>;

/** Body of PATCH /api/admin/docs/audience. */
export const ZSetDocAudienceRequest = audienceRules(ZAudienceFields.extend({ path: ZFilePath }));
export type TSetDocAudienceRequest = z.infer<typeof ZSetDocAudienceRequest>;

/** Query of GET /api/admin/docs. */
export const ZAdminDocsQuery = z.object({
  page: z.coerce.number({ error: 'Pagina non valida.' }).int().min(1).default(1),
  limit: z.coerce.number({ error: 'Limite non valido.' }).int().min(1).max(100).default(20),
  search: zText().trim().max(200).optional(),
  docType: z.enum(ADMIN_DOC_TYPES, { error: CONTRACT_MSG.docTypeInvalid }).optional(),
});
export type TAdminDocsQuery = z.infer<typeof ZAdminDocsQuery>;

/** A published document with its audience (the users by name, for the admin's table). */
export const ZAdminDoc = ZFileItem.extend({
  audience: z.enum(DOC_AUDIENCES),
  roles: z.array(z.enum(ROLES)),
  userIds: z.array(z.string()),
  users: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
  createdAt: z.date(),
});
export type TAdminDoc = z.infer<typeof ZAdminDoc>;

export const ZAdminDocList = z.object({ list: z.array(ZAdminDoc), total: z.number().int() });
export type TAdminDocList = z.infer<typeof ZAdminDocList>;

/** Answer of POST /api/admin/docs/upload: the published documents with their audience. */
export const ZAdminDocUploadResponse = z.object({ message: z.string(), files: z.array(ZAdminDoc) });

/** Answer of PATCH /api/admin/docs/audience: the document with its new audience. */
export const ZSetDocAudienceResponse = z.object({ message: z.string(), file: ZAdminDoc });
