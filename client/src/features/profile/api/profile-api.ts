import type { TMessageResponse } from '../../../../../shared/schemas/common';
import type { TProfile } from '../../../../../shared/schemas/profile';
import { http } from '../../../lib/http';
import type { TProfileFormValues } from '../profile-form-values';

/** PATCH /api/profile (spec section 7): answers the updated profile and 'Profilo aggiornato.'. */
export const updateProfile = (body: TProfileFormValues) => http.patch<TProfile & TMessageResponse>('/api/profile', body);
