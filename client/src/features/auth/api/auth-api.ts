import type { TMessageResponse } from '../../../../../shared/schemas/common';
import type {
  TLoginRequest,
  TRecoverPasswordRequest,
  TRegisterRequest,
  TResetPasswordRequest,
  TSessionUser,
  TTokenRequest,
} from '../../../../../shared/schemas/auth';
import { http } from '../../../lib/http';

export const login = (body: TLoginRequest) => http.post<TSessionUser>('/api/auth/login', body);

export const register = (body: TRegisterRequest) => http.post<TMessageResponse>('/api/auth/register', body);

export const verifyEmail = (body: TTokenRequest) => http.post<TMessageResponse>('/api/auth/verify-email', body);

export const recoverPassword = (body: TRecoverPasswordRequest) =>
  http.post<TMessageResponse>('/api/auth/recover-password', body);

export const resetPassword = (body: TResetPasswordRequest) =>
  http.post<TMessageResponse>('/api/auth/reset-password', body);
