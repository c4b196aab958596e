import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import type { TUpdatePasswordRequest } from '../../../shared/schemas/auth';
import type { AppRouter } from '../../trpc/app-router';
import { useListeningApp } from '../../testing/realtime-clients';
import { useTestApp } from '../../testing/test-app';
import { RECENT_SIGN_IN_MS } from './auth.service';

const t = useTestApp();
const live = useListeningApp(t);

const EMAIL = 'corner@example.it';
const PASSWORD = 'Segreta123';
const NEW = { password: 'NuovaPass1', confirmPassword: 'NuovaPass1' };

const signIn = async () => {
  await t.createUser({ email: EMAIL, password: PASSWORD });
  return t.login(EMAIL, PASSWORD);
};

/** The session (of the cookie) signed in longer ago than the window. */
const ageSessions = () =>
  t.database.db
    .updateTable('sessions')
    .set({ created_at: new Date(Date.now() - RECENT_SIGN_IN_MS - 60_000) })
    .execute();

const canLogIn = async (password: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: EMAIL, password } })).statusCode === 200;

type TAnswer = { status: number; message: string; fields?: Record<string, string[]> };

/** The two faces of one use case: REST and tRPC (over HTTP), answering status, message and field messages. */
const faces: Record<string, (input: Partial<TUpdatePasswordRequest>, headers: Record<string, string>) => Promise<TAnswer>> = {
  'POST /api/auth/update-password': async (input, headers) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/update-password', payload: input, headers });
    const body = response.json();
    return { status: response.statusCode, message: body.message, fields: body.fields };
  },
  'tRPC auth.updatePassword': async (input, headers) => {
    const client = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${live.baseUrl}/trpc`, transformer: superjson, headers })] });
    try {
      const { message } = await client.auth.updatePassword.mutate(input as TUpdatePasswordRequest);
      return { status: 200, message };
    } catch (error) {
      if (!(error instanceof TRPCClientError)) throw error;
      const data = error.data as { httpStatus: number; fields?: Record<string, string[]> };
      return { status: data.httpStatus, message: error.message, fields: data.fields };
    }
  },
};

describe.each(Object.keys(faces))('changing the password through %s', (face) => {
  const update = faces[face]!;

  it('takes the spec payload from a session signed in within the last minutes', async () => {
    const cookie = await signIn();
    expect(await update(NEW, { cookie })).toEqual({ status: 200, message: MSG.passwordUpdated });
    expect(await canLogIn('NuovaPass1')).toBe(true);
  });

  it('past the window asks for the current password, refuses a wrong one, and takes the right one', async () => {
    const cookie = await signIn();
    await ageSessions();

    const missing = await update(NEW, { cookie });
    expect(missing.status).toBe(400);
    expect(missing.fields).toEqual({ currentPassword: [MSG.currentPasswordRequired] });
    const empty = await update({ ...NEW, currentPassword: '' }, { cookie });
    expect(empty.fields).toEqual({ currentPassword: [MSG.currentPasswordRequired] });
    const wrong = await update({ ...NEW, currentPassword: 'Sbagliata9' }, { cookie });
    expect(wrong.status).toBe(400);
    expect(wrong.fields).toEqual({ currentPassword: [MSG.currentPasswordWrong] });
    expect(await canLogIn(PASSWORD)).toBe(true);

    await ageSessions();
    expect(await update({ ...NEW, currentPassword: PASSWORD }, { cookie })).toEqual({ status: 200, message: MSG.passwordUpdated });
    expect(await canLogIn('NuovaPass1')).toBe(true);
  });

  it('checks a current password sent inside the window too', async () => {
    const cookie = await signIn();
    const wrong = await update({ ...NEW, currentPassword: 'Sbagliata9' }, { cookie });
    expect(wrong.status).toBe(400);
    expect(wrong.fields).toEqual({ currentPassword: [MSG.currentPasswordWrong] });
    expect(await update({ ...NEW, currentPassword: PASSWORD }, { cookie })).toEqual({ status: 200, message: MSG.passwordUpdated });
  });

  it('counts wrong current passwords in the login lock-out: past the budget 429, even with the right one', async () => {
    const cookie = await signIn();
    await ageSessions();
    let attempts = 0;
    let answer: TAnswer;
    do {
      answer = await update({ ...NEW, currentPassword: `Sbagliata${attempts}` }, { cookie });
      attempts += 1;
      if (answer.status !== 429) expect(answer.fields).toEqual({ currentPassword: [MSG.currentPasswordWrong] });
    } while (answer.status !== 429 && attempts < 50);
    expect(answer.status).toBe(429);
    expect(answer.message).toBe(MSG.tooManyRequests);
    expect(attempts).toBeGreaterThan(1);
    expect((await update({ ...NEW, currentPassword: PASSWORD }, { cookie })).status).toBe(429);
    // The same budget as logins: the account is locked there too, and the password did not change.
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: EMAIL, password: PASSWORD }, remoteAddress: '10.9.9.9' });
    expect(login.statusCode).toBe(429);
  });

  it('is refused to an admin acting as the user by login-as', async () => {
    await t.createUser({ email: 'admin@example.it', password: PASSWORD, role: 'admin' });
    const corner = await t.createUser({ email: EMAIL, password: PASSWORD });
    const adminCookie = await t.login('admin@example.it', PASSWORD);
    const { token } = (await t.app.inject({ method: 'POST', url: '/api/admin/auth/login-as', payload: { userId: corner.id }, headers: { cookie: adminCookie } })).json();
    const answer = await update({ ...NEW, currentPassword: PASSWORD }, { authorization: `Bearer ${token}` });
    expect(answer.status).toBe(403);
    expect(answer.message).toBe(MSG.impersonationForbiddenAction);
    expect(await canLogIn(PASSWORD)).toBe(true);
  });
});
