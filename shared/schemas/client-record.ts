import { z } from 'zod';
import { MSG } from '../messages';
import { CLIENT_MSG } from '../rules/client-record.messages';
import { checkPersonConsistency, decodePersonCf, todayIso } from '../rules/client-record';
import {
  CADASTRAL_PATTERN,
  CAP_PATTERN,
  ISTAT_COMUNE_PATTERN,
  PROVINCE_SIGLA_PATTERN,
  SDI_CODE_PATTERN,
  isSdiCodeConsistent,
  normalizePhone,
} from '../rules/client-record-contact';
import { isValidCompanyCf } from '../validation/codice-fiscale';
import { isValidPartitaIva } from '../validation/partita-iva';
import { normalizeEmail, normalizeTaxCode, normalizeVat } from '../validation/normalize';
import { whenValues, zOptionalText, zRequiredText, zText } from './common';

export const CLIENT_KINDS = ['persona', 'azienda'] as const;
export type TClientKind = (typeof CLIENT_KINDS)[number];
export const MAX_CLIENT_PHONES = 5;

const upper = (value: string) => value.toUpperCase();
/** An optional text that, when filled, must pass `check`. */
const zOptionalChecked = (max: number, check: (value: string) => boolean, message: string, normalize: (value: string) => string = (v) => v) =>
  zOptionalText(max)
    .transform(normalize)
    .refine((value) => value === '' || check(value), { error: message });
const ZEmailFormat = z.email();
const isEmail = (value: string) => ZEmailFormat.safeParse(value).success;
const isPersonCf = (value: string) => decodePersonCf(value) !== null;
const isIsoDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** A phone number as typed, stored in E.164 (`+39…`); Italian numbers may omit the prefix. */
export const ZClientPhone = zText({ error: CLIENT_MSG.phoneInvalid })
  .trim()
  .max(30, { error: CLIENT_MSG.phoneInvalid })
  .transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (phone) return phone;
    ctx.addIssue({ code: 'custom', message: CLIENT_MSG.phoneInvalid });
    return z.NEVER;
  });

/** Residence (person) or registered office (company). The CAP↔comune agreement is checked by the server (`TCapCheck`). */
export const ZClientAddress = z.object({
  street: zRequiredText(200),
  number: zOptionalText(20),
  cap: zText({ error: CLIENT_MSG.capInvalid }).trim().regex(CAP_PATTERN, { error: CLIENT_MSG.capInvalid }),
  comuneIstat: zText({ error: CLIENT_MSG.istatInvalid }).trim().regex(ISTAT_COMUNE_PATTERN, { error: CLIENT_MSG.istatInvalid }),
  comuneName: zText({ error: CLIENT_MSG.comuneRequired }).trim().min(1, { error: CLIENT_MSG.comuneRequired }).max(100),
  provinceSigla: zText({ error: CLIENT_MSG.provinceInvalid }).trim().transform(upper).pipe(z.string().regex(PROVINCE_SIGLA_PATTERN, { error: CLIENT_MSG.provinceInvalid })),
});
export type TClientAddress = z.infer<typeof ZClientAddress>;

/** Where a person was born: the codice catastale (a comune, or `Z…` for a country) and its name as shown. */
export const ZBirthplace = z.object({
  cadastralCode: zText({ error: CLIENT_MSG.cadastralInvalid }).trim().transform(upper).pipe(z.string().regex(CADASTRAL_PATTERN, { error: CLIENT_MSG.cadastralInvalid })),
  label: zRequiredText(100),
});
export type TBirthplace = z.infer<typeof ZBirthplace>;

/** Fields of both kinds. `acknowledgedWarnings` confirms the consistency warnings the user was shown. */
const commonShape = {
  email: zOptionalChecked(254, isEmail, MSG.emailInvalid, normalizeEmail),
  phones: z
    .array(ZClientPhone, { error: CLIENT_MSG.phoneInvalid })
    .max(MAX_CLIENT_PHONES, { error: CLIENT_MSG.phonesTooMany })
    .nullish()
    .transform((phones) => [...new Set(phones ?? [])]),
  address: ZClientAddress.nullish().transform((value) => value ?? null),
  notes: zOptionalText(2000),
  acknowledgedWarnings: z.boolean({ error: 'Valore non valido.' }).nullish().transform((value) => value ?? false),
};

const zPersonCf = () => zRequiredText(20).transform(normalizeTaxCode).refine(isPersonCf, { error: MSG.cfInvalid });

/** Marks a consistency warning among the issues, so a form can offer to confirm it instead of blocking. */
export const CLIENT_WARNING_PARAM = 'clientWarning';
export const isClientWarningIssue = (issue: { code?: string; params?: Record<string, unknown> }): boolean =>
  issue.code === 'custom' && issue.params?.[CLIENT_WARNING_PARAM] === true;

const CONSISTENCY_PATHS = { birthDate: ['birthDate'], sex: ['sex'], birthplace: ['birthplace', 'cadastralCode'] } as const;

export const ZClientPersonInput = z
  .object({
    kind: z.literal('persona'),
    name: zRequiredText(100),
    surname: zRequiredText(100),
    cf: zPersonCf(),
    birthDate: zOptionalText(10)
      .refine((value) => value === '' || isIsoDate(value), { error: CLIENT_MSG.birthDateInvalid })
      .refine((value) => value === '' || !isIsoDate(value) || value <= todayIso(), { error: CLIENT_MSG.birthDateInFuture })
      .transform((value) => value || null),
    sex: z
      .union([z.enum(['M', 'F']), z.literal('')], { error: CLIENT_MSG.sexInvalid })
      .nullish()
      .transform((value) => value || null),
    birthplace: ZBirthplace.nullish().transform((value) => value ?? null),
    ...commonShape,
  })
  .superRefine((value, ctx) => {
    if (value.acknowledgedWarnings) return;
    // A field that failed its own check (this runs after field errors too, so a form shows all) gives no warning.
    const cadastral = value.birthplace?.cadastralCode;
    const facts = {
      cf: value.cf,
      birthDate: value.birthDate && isIsoDate(value.birthDate) ? value.birthDate : null,
      sex: value.sex === 'M' || value.sex === 'F' ? value.sex : null,
      birthplaceCadastral: cadastral && CADASTRAL_PATTERN.test(cadastral) ? cadastral : null,
    };
    for (const warning of checkPersonConsistency(facts)) {
      ctx.addIssue({ code: 'custom', message: warning.message, path: [...CONSISTENCY_PATHS[warning.field]], params: { [CLIENT_WARNING_PARAM]: true } });
    }
  });
export type TClientPersonInput = z.infer<typeof ZClientPersonInput>;

export const ZLegalRepresentative = z.object({
  name: zRequiredText(100),
  surname: zRequiredText(100),
  cf: zOptionalChecked(20, isPersonCf, MSG.cfInvalid, normalizeTaxCode),
});
export type TLegalRepresentative = z.infer<typeof ZLegalRepresentative>;

const hasSdiAndPec = (value: Record<string, unknown>) => typeof value.sdiCode === 'string' && typeof value.pec === 'string';

export const ZClientCompanyInput = z
  .object({
    kind: z.literal('azienda'),
    businessName: zRequiredText(200),
    vat: zRequiredText(20).transform(normalizeVat).refine(isValidPartitaIva, { error: MSG.vatInvalid }),
    /** 11 digits (the partita IVA form) or 16 characters for a sole trader. */
    companyCf: zOptionalChecked(20, (value) => isValidCompanyCf(value) || isPersonCf(value), MSG.cfCompanyInvalid, normalizeTaxCode),
    pec: zOptionalChecked(254, isEmail, CLIENT_MSG.pecInvalid, normalizeEmail),
    sdiCode: zOptionalChecked(7, (value) => SDI_CODE_PATTERN.test(value), CLIENT_MSG.sdiInvalid, normalizeTaxCode),
    legalRepresentative: ZLegalRepresentative.nullish().transform((value) => value ?? null),
    ...commonShape,
  })
  .refine((value) => isSdiCodeConsistent(value.sdiCode, value.pec), {
    error: CLIENT_MSG.sdiZerosNeedPec,
    path: ['sdiCode'],
    when: whenValues(hasSdiAndPec),
  });
export type TClientCompanyInput = z.infer<typeof ZClientCompanyInput>;

/** Body of creating a client (and of each imported row): a person or a company, by `kind`. */
export const ZClientInput = z.discriminatedUnion('kind', [ZClientPersonInput, ZClientCompanyInput], { error: CLIENT_MSG.kindInvalid });
export type TClientInput = z.infer<typeof ZClientInput>;
export type TClientInputRaw = z.input<typeof ZClientInput>;

/** Italian texts of the server-side checks of client records (the database knows duplicates and birthplaces). */
export const CLIENT_RECORD_MSG = {
  birthplaceUnknown: 'Luogo di nascita sconosciuto: scegli un comune o uno stato estero dall’elenco.',
  duplicateCf: (name: string) => `Nella tua rubrica c'è già ${name} con questo codice fiscale.`,
  duplicateVat: (name: string) => `Nella tua rubrica c'è già ${name} con questa partita IVA.`,
  notFound: 'Cliente non trovato.',
  cornerNotFound: 'Corner non trovato.',
  removed: 'Cliente eliminato.',
  noteRequired: 'Scrivi il testo della nota.',
  noteNotFound: 'Nota non trovata.',
  unknownAuthor: 'Utente eliminato',
  moveReasonRequired: 'Scrivi il motivo dello spostamento (almeno 5 caratteri).',
  moveReasonTooLong: 'Il motivo dello spostamento può avere al massimo 500 caratteri.',
  moveTargetRequired: 'Scegli il corner di destinazione.',
  moveTargetNotFound: 'Il corner di destinazione non esiste o non è attivo.',
  moveSameCorner: 'Il cliente è già in questo corner: scegline un altro.',
  moveDuplicateCf: (name: string, corner: string) => `Nella rubrica di ${corner} c'è già ${name} con questo codice fiscale.`,
  moveDuplicateVat: (name: string, corner: string) => `Nella rubrica di ${corner} c'è già ${name} con questa partita IVA.`,
  moved: (name: string, corner: string) => `${name} è stato spostato nella rubrica di ${corner}.`,
} as const;

/** A client record as read: the input's fields of its kind (the other kind's empty), its corner and its times. */
export const ZClientRecord = z.object({
  id: z.string(),
  cornerId: z.string(),
  cornerName: z.string(),
  kind: z.enum(CLIENT_KINDS),
  name: z.string(),
  surname: z.string(),
  cf: z.string(),
  birthDate: z.string().nullable(),
  birthplace: ZBirthplace.nullable(),
  sex: z.enum(['M', 'F']).nullable(),
  businessName: z.string(),
  vat: z.string(),
  companyCf: z.string(),
  pec: z.string(),
  sdiCode: z.string(),
  legalRepresentative: ZLegalRepresentative.nullable(),
  email: z.string(),
  phones: z.array(z.string()),
  address: ZClientAddress.nullable(),
  notes: z.string(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TClientRecord = z.infer<typeof ZClientRecord>;

export const ZClientIdInput = z.object({ id: z.uuid({ error: CLIENT_RECORD_MSG.notFound }) });
export type TClientIdInput = z.infer<typeof ZClientIdInput>;

/** Body of creating a client; an admin names the corner whose book it goes to. */
export const ZCreateClientInput = z.intersection(ZClientInput, z.object({ cornerId: z.uuid({ error: CLIENT_RECORD_MSG.cornerNotFound }).optional() }));
export type TCreateClientInput = z.infer<typeof ZCreateClientInput>;

export const ZUpdateClientInput = z.object({ id: ZClientIdInput.shape.id, data: ZClientInput });
export type TUpdateClientInput = z.infer<typeof ZUpdateClientInput>;
/** Body of changing a client: `data` is a merge patch (RFC 7396) of the record, checked once applied (ZUpdateClientInput). */
export const ZPatchClientInput = z.object({ id: z.string(), data: z.record(z.string(), z.unknown(), { error: CLIENT_MSG.kindInvalid }) });
export type TPatchClientInput = z.infer<typeof ZPatchClientInput>;

export const ZClientNote = z.object({ id: z.string(), text: z.string(), authorName: z.string(), createdAt: z.date() });
export type TClientNote = z.infer<typeof ZClientNote>;

export const ZClientNoteText = zText({ error: CLIENT_RECORD_MSG.noteRequired }).trim().min(1, { error: CLIENT_RECORD_MSG.noteRequired }).max(2000);
export const ZAddClientNoteInput = z.object({ clientId: ZClientIdInput.shape.id, text: ZClientNoteText });
export type TAddClientNoteInput = z.infer<typeof ZAddClientNoteInput>;
/** `GET /api/clients/:id/notes/:noteId`: one note of a client. */
export const ZClientNoteIdInput = z.object({ id: ZClientIdInput.shape.id, noteId: z.uuid({ error: CLIENT_RECORD_MSG.noteNotFound }) });
export type TClientNoteIdInput = z.infer<typeof ZClientNoteIdInput>;

/** An admin moves a client to another corner's book, with the reason written to the audit log. */
export const MOVE_REASON_MIN = 5;
export const MOVE_REASON_MAX = 500;
export const ZMoveReason = zText({ error: CLIENT_RECORD_MSG.moveReasonRequired })
  .trim()
  .min(MOVE_REASON_MIN, { error: CLIENT_RECORD_MSG.moveReasonRequired })
  .max(MOVE_REASON_MAX, { error: CLIENT_RECORD_MSG.moveReasonTooLong });
export const ZMoveClientInput = z.object({
  id: ZClientIdInput.shape.id,
  toCornerId: z.uuid({ error: CLIENT_RECORD_MSG.moveTargetRequired }),
  reason: ZMoveReason,
});
export type TMoveClientInput = z.infer<typeof ZMoveClientInput>;
