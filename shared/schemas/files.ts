import { z } from 'zod';
import { MSG } from '../messages';
import { hasControlCharsDeep, zText } from './common';

/** Italian texts of files, uploads, downloads and images (one place, shared by the server and the widgets). */
export const FILE_MSG = {
  fileNotFound: 'File non trovato.',
  subjectInvalid: 'Scheda a cui allegare i file non valida.',
  pathInvalid: 'Percorso del file non valido.',
  nameRequired: 'Inserisci il nome del file.',
  nameInvalid: 'Il nome del file non può contenere / \\ né caratteri di controllo.',
  nameTooLong: 'Il nome del file può avere al massimo 200 caratteri.',
  typeNotAllowed: 'Tipo di file non consentito:',
  uploadEmpty: 'Nessun file ricevuto.',
  uploadNotMultipart: 'Il caricamento deve essere inviato come multipart/form-data.',
  uploadMalformed: 'Il caricamento non è valido: riprova.',
  uploadFileTooLarge: (name: string, maxMb: number) => `Il file "${name}" supera la dimensione massima di ${maxMb} MB.`,
  uploadTooLarge: (maxMb: number) => `Il caricamento supera la dimensione massima complessiva di ${maxMb} MB.`,
  uploadTooManyFiles: (max: number) => `Puoi caricare al massimo ${max} file alla volta.`,
  uploadMetadataInvalid: 'I dati del file non sono validi.',
  uploadBodyInvalid: 'Il campo body deve contenere un JSON valido.',
  uploaded: 'File caricato.',
  renamed: 'Nome del file aggiornato.',
  deleted: 'File eliminato.',
  renameForbidden: 'Non puoi rinominare questo file.',
  deleteForbidden: 'Non puoi eliminare questo file.',
  downloadNone: 'Indica almeno un file da scaricare.',
  downloadTooMany: (max: number) => `Puoi scaricare al massimo ${max} file alla volta.`,
  downloadTooLarge: (maxMb: number) => `I file scelti superano la dimensione massima scaricabile di ${maxMb} MB.`,
  imageInvalid: 'Immagine non valida.',
  imageWidthInvalid: 'Larghezza dell’immagine non consentita.',
  imageQualityInvalid: 'La qualità dell’immagine va da 1 a 100.',
} as const;

/** Widths the image endpoint renders (Next.js device and image sizes); anything else is refused. */
export const IMAGE_WIDTHS = [16, 32, 48, 64, 96, 128, 256, 360, 384, 640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
export const IMAGE_DEFAULT_WIDTH = 360;
export const IMAGE_DEFAULT_QUALITY = 75;

/** A stored file's opaque reference as clients see it: `files/<uuid>`. Never a disk path. */
export const ZFilePath = z
  .string({ error: FILE_MSG.pathInvalid })
  .regex(/^files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: FILE_MSG.pathInvalid })
  .transform((value) => value.toLowerCase());

/** A display name: what the user sees and what downloads are called (made safe again when sent). */
export const ZFileName = z
  .string({ error: FILE_MSG.nameRequired })
  .trim()
  .min(1, { error: FILE_MSG.nameRequired })
  .max(200, { error: FILE_MSG.nameTooLong })
  // eslint-disable-next-line no-control-regex
  .refine((value) => !/[/\\\u0000-\u001f\u007f]/.test(value) && value !== '.' && value !== '..', { error: FILE_MSG.nameInvalid });

/** Document / file item (spec section 3), as every file list and chat message carries it. */
export const ZFileItem = z.object({
  name: z.string(),
  path: z.string(),
  docType: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  allowDelete: z.boolean().optional(),
  allowEdit: z.boolean().optional(),
  mime: z.string(),
  size: z.number().int(),
  /** When the file was stored (ISO 8601): file items also live inside chat messages, as JSON. */
  createdAt: z.string().optional(),
});
export type TFileItem = z.infer<typeof ZFileItem>;

/**
 * Metadata part `mN` of an upload, describing `fileN` (the picked-file record of spec section 3: {name,
 * type?}); other keys are kept as the file's metadata.
 */
export const ZUploadMetadata = z
  .looseObject({
    name: ZFileName,
    type: zText().trim().max(100).optional(),
    docType: zText().trim().min(1).max(100).optional(),
  })
  // The other keys are stored as the file's metadata (JSON): no control characters there either.
  .refine((value) => !hasControlCharsDeep(value), { error: MSG.textControlChars });
export type TUploadMetadata = z.infer<typeof ZUploadMetadata>;

export const ZRenameFileRequest = z.object({ path: ZFilePath, name: ZFileName });
export type TRenameFileRequest = z.infer<typeof ZRenameFileRequest>;

export const ZDeleteFileRequest = z.object({ path: ZFilePath });
export type TDeleteFileRequest = z.infer<typeof ZDeleteFileRequest>;

export const ZListFilesQuery = z.object({
  page: z.coerce.number({ error: 'Pagina non valida.' }).int().min(1).default(1),
  limit: z.coerce.number({ error: 'Limite non valido.' }).int().min(1).max(100).default(50),
  docType: zText().trim().min(1).max(100).optional(),
});
export type TListFilesQuery = z.infer<typeof ZListFilesQuery>;

/**
 * Query of POST /api/docs/upload: `?docType=` for every file of the upload (blank: none); `?subjectType=&subjectId=`
 * attach the files to a record (a client's documents: `subjectType=client&subjectId=<client id>`), both or neither.
 */
export const ZUploadDocsQuery = z
  .object({
    docType: zText()
      .trim()
      .max(100)
      .optional()
      .transform((value) => value || undefined),
    subjectType: z
      .string()
      .regex(/^[a-z][a-z0-9_-]{0,39}$/, { error: FILE_MSG.subjectInvalid })
      .optional(),
    subjectId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: FILE_MSG.subjectInvalid })
      .optional(),
  })
  .refine((value) => (value.subjectType === undefined) === (value.subjectId === undefined), { error: FILE_MSG.subjectInvalid, path: ['subjectId'] });
export type TUploadDocsQuery = z.infer<typeof ZUploadDocsQuery>;

const isTruthy = (value: unknown) => value === '1' || value === 'true';

/**
 * Query of GET /api/docs/download: `path_N` file references, each with an optional download name `name_N`, in
 * index order; `zipName` for several files; `inline=1|true` to show one file in the browser.
 */
export const ZDownloadQuery = z.record(z.string(), z.unknown()).transform((query, ctx) => {
  const files: { index: number; path: string; name?: string }[] = [];
  for (const [key, value] of Object.entries(query)) {
    const index = /^path_(\d{1,4})$/.exec(key)?.[1];
    if (index === undefined) continue;
    const path = ZFilePath.safeParse(value);
    if (!path.success) {
      ctx.addIssue({ code: 'custom', message: FILE_MSG.pathInvalid, path: [key] });
      return z.NEVER;
    }
    const name = query[`name_${index}`];
    files.push({ index: Number(index), path: path.data, ...(typeof name === 'string' && name.trim() ? { name: name.slice(0, 255) } : {}) });
  }
  files.sort((a, b) => a.index - b.index);
  const zipName = typeof query.zipName === 'string' && query.zipName.trim() ? query.zipName.slice(0, 200) : undefined;
  return { files: files.map(({ path, name }) => ({ path, ...(name === undefined ? {} : { name }) })), zipName, inline: isTruthy(query.inline) };
});
export type TDownloadQuery = z.output<typeof ZDownloadQuery>;

/** Query of GET /api/docs/file: one file for the viewer, shown inline unless `download` is present. */
export const ZViewFileQuery = z.looseObject({ path: ZFilePath, download: z.unknown().optional() }).transform(({ path, download }) => ({ path, inline: download === undefined }));
export type TViewFileQuery = z.output<typeof ZViewFileQuery>;

export const ZFileList = z.object({ list: z.array(ZFileItem), total: z.number().int() });
export type TFileList = z.infer<typeof ZFileList>;

/** Query of GET /_next/image: `url` is a stored file's path or a static asset of the client, never another host. */
export const ZImageQuery = z.object({
  url: zText({ error: FILE_MSG.imageInvalid }).min(1, { error: FILE_MSG.imageInvalid }).max(2000, { error: FILE_MSG.imageInvalid }),
  w: z.coerce
    .number({ error: FILE_MSG.imageWidthInvalid })
    .refine((value) => (IMAGE_WIDTHS as readonly number[]).includes(value), { error: FILE_MSG.imageWidthInvalid })
    .default(IMAGE_DEFAULT_WIDTH),
  q: z.coerce
    .number({ error: FILE_MSG.imageQualityInvalid })
    .int({ error: FILE_MSG.imageQualityInvalid })
    .min(1, { error: FILE_MSG.imageQualityInvalid })
    .max(100, { error: FILE_MSG.imageQualityInvalid })
    .default(IMAGE_DEFAULT_QUALITY),
});
export type TImageQuery = z.infer<typeof ZImageQuery>;

/** Answer of an upload endpoint: the stored files, as file items. */
export const ZUploadResponse = z.object({ message: z.string(), files: z.array(ZFileItem) });
export type TUploadResponse = z.infer<typeof ZUploadResponse>;

/** Answer of PATCH /api/docs/rename: the file under its new name. */
export const ZRenameFileResponse = z.object({ message: z.string(), file: ZFileItem });
