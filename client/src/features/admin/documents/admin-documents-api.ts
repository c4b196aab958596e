import type { TRole } from '../../../../../shared/constants';
import type { TDocAudience, TAdminDocType, TSetDocAudienceRequest } from '../../../../../shared/schemas/contract';

export type TAudienceValue = { audience: TDocAudience; roles: TRole[]; userIds: string[] };

/** The query of POST /api/admin/docs/upload for an audience: lists as comma-separated values. */
export const audienceQuery = (value: TAudienceValue, docType: TAdminDocType): Record<string, string | undefined> => ({
  docType,
  audience: value.audience,
  roles: value.audience === 'roles' ? value.roles.join(',') : undefined,
  userIds: value.audience === 'users' ? value.userIds.join(',') : undefined,
});

/** The input of adminDocs.setAudience: only the list the audience uses is sent. */
export const audienceInput = (path: string, value: TAudienceValue): TSetDocAudienceRequest => ({
  path,
  audience: value.audience,
  roles: value.audience === 'roles' ? value.roles : [],
  userIds: value.audience === 'users' ? value.userIds : [],
});
