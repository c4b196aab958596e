import type { TRole } from '../../../../../shared/constants';
import type { TAdminDoc, TAdminDocsQuery, TDocAudience, TAdminDocType } from '../../../../../shared/schemas/contract';
import type { TFileItem } from '../../../../../shared/schemas/files';
import { uploadFiles } from '../../../components/files/files-api';
import type { TPickedFile } from '../../../components/files/picked-file';
import { http } from '../../../lib/http';

/** A published document as GET /api/admin/docs sends it (dates as ISO strings). */
export type TWireAdminDoc = Omit<TAdminDoc, 'createdAt'> & { createdAt: string };

export type TAudienceValue = { audience: TDocAudience; roles: TRole[]; userIds: string[] };

export const ADMIN_DOCS_QUERY_KEY = ['admin', 'documents'] as const;

/** GET /api/admin/docs: newest first, searched by name, paged. */
export const listAdminDocs = (query: Partial<TAdminDocsQuery>, signal?: AbortSignal) =>
  http.get<{ list: TWireAdminDoc[]; total: number }>('/api/admin/docs', { query, signal });

/** The query of POST /api/admin/docs/upload for an audience: lists as comma-separated values. */
export const audienceQuery = (value: TAudienceValue, docType: TAdminDocType): Record<string, string | undefined> => ({
  docType,
  audience: value.audience,
  roles: value.audience === 'roles' ? value.roles.join(',') : undefined,
  userIds: value.audience === 'users' ? value.userIds.join(',') : undefined,
});

/** POST /api/admin/docs/upload?audience=&roles=&userIds=&docType= (multipart, with progress and abort). */
export const uploadAdminDocs = (
  files: readonly TPickedFile[],
  options: { audience: TAudienceValue; docType: TAdminDocType; signal?: AbortSignal; onProgress?: (fraction: number) => void },
) => uploadFiles(files, { url: '/api/admin/docs/upload', query: audienceQuery(options.audience, options.docType), signal: options.signal, onProgress: options.onProgress });

/** PATCH /api/admin/docs/audience {path, audience, roles, userIds}. */
export const setAdminDocAudience = (path: string, value: TAudienceValue) =>
  http.patch<{ message: string; file: TFileItem }>('/api/admin/docs/audience', {
    path,
    audience: value.audience,
    roles: value.audience === 'roles' ? value.roles : [],
    userIds: value.audience === 'users' ? value.userIds : [],
  });
