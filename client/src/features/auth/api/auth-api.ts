import { publicTrpcClient, type TRouterInputs } from '../../../lib/trpc-client';

type TAuthInput = TRouterInputs['auth'];

/**
 * The public pages' calls (spec section 7's auth paths as tRPC procedures), through the public client: these
 * pages run outside the signed-in shell's tRPC provider.
 */
export const login = (body: TAuthInput['login']) => publicTrpcClient.auth.login.mutate(body);

export const register = (body: TAuthInput['register']) => publicTrpcClient.auth.register.mutate(body);

export const verifyEmail = (body: TAuthInput['verifyEmail']) => publicTrpcClient.auth.verifyEmail.mutate(body);

export const recoverPassword = (body: TAuthInput['recoverPassword']) => publicTrpcClient.auth.recoverPassword.mutate(body);

export const resetPassword = (body: TAuthInput['resetPassword']) => publicTrpcClient.auth.resetPassword.mutate(body);
