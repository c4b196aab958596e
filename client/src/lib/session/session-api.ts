import type { TLoginAsResponse, TSessionUser } from '../../../../shared/schemas/auth';
import { ApiError } from '../api-error';
import { http } from '../http';
import { clearImpersonation, getImpersonationToken } from '../impersonation-storage';

export const SESSION_QUERY_KEY = ['session'] as const;

const isUnauthenticated = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

const fetchMe = async (): Promise<TSessionUser | null> => {
  try {
    return await http.get<TSessionUser>('/api/auth/me');
  } catch (error) {
    if (isUnauthenticated(error)) return null;
    throw error;
  }
};

/**
 * The session check: the signed-in user, or `null` when the server does not know us (401). A stored login-as
 * token the server no longer accepts (revoked, expired) is dropped and the admin's own cookie is asked instead,
 * so a stale tab never locks the admin out.
 */
export const fetchSessionUser = async (): Promise<TSessionUser | null> => {
  const user = await fetchMe();
  if (user || !getImpersonationToken()) return user;
  clearImpersonation();
  return fetchMe();
};

/** Ends the session the request authenticates with: the bearer one while impersonating, else the cookie one. */
export const logout = async (): Promise<void> => {
  try {
    await http.post<unknown>('/api/auth/logout');
  } catch (error) {
    if (!isUnauthenticated(error)) throw error;
  }
};

/** Spec section 7: an admin asks for a bearer token that acts as `userId`. */
export const loginAs = (userId: string) => http.post<TLoginAsResponse>('/api/admin/auth/login-as', { userId });
