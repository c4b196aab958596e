import type { TSessionUser } from '../../../../shared/schemas/auth';
import { ApiError } from '../api-error';
import { clearImpersonation, getImpersonationToken } from '../impersonation-storage';
import { publicTrpcClient } from '../trpc-client';
import { fromTrpcError } from '../trpc-error';

export const SESSION_QUERY_KEY = ['session'] as const;

const isUnauthenticated = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

/** The call's failure as the ApiError the UI shows (status, Italian message, type). */
const asApiCall = async <T>(call: Promise<T>): Promise<T> => {
  try {
    return await call;
  } catch (error) {
    throw fromTrpcError(error);
  }
};

const fetchMe = async (): Promise<TSessionUser | null> => {
  try {
    return await asApiCall(publicTrpcClient.auth.me.query());
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
    await asApiCall(publicTrpcClient.auth.logout.mutate());
  } catch (error) {
    if (!isUnauthenticated(error)) throw error;
  }
};

/** Spec section 7: an admin asks for a bearer token that acts as `userId`. */
export const loginAs = (userId: string) => asApiCall(publicTrpcClient.auth.loginAs.mutate({ userId }));
