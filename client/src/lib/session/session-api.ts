import type { TSessionUser } from '../../../../shared/schemas/auth';
import { ApiError } from '../api-error';
import { http } from '../http';

export const SESSION_QUERY_KEY = ['session'] as const;

/** The session check: the signed-in user, or `null` when the server does not know us (401). */
export const fetchSessionUser = async (): Promise<TSessionUser | null> => {
  try {
    return await http.get<TSessionUser>('/api/auth/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
};

/** Ends the session on the server; a session that already expired counts as ended. */
export const logout = async (): Promise<void> => {
  try {
    await http.post<unknown>('/api/auth/logout');
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
};
