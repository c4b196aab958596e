import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionActions } from './session-actions';
import { fetchSessionUser, SESSION_QUERY_KEY } from './session-api';

const ADMIN = { id: 'a1', role: 'admin', state: 'active' } as const;
const CORNER = { id: 'c1', role: 'corner', state: 'active' } as const;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
/** tRPC's answers with the superjson envelope: a result, or the error shape our server formats. */
const ok = (data: unknown) => json(200, { result: { data: { json: data } } });
const fail = (httpStatus: number, message: string, type: string) =>
  json(httpStatus, { error: { json: { message, code: -32001, data: { httpStatus, type, code: 'ERROR' } } } });

type TCall = { path: string; authorization: string | null };

describe('session actions (spec section 4)', () => {
  let storage: Map<string, string>;
  let calls: TCall[];
  let answer: (call: TCall) => Response | Promise<Response>;
  let assign: ReturnType<typeof vi.fn>;
  let queryClient: QueryClient;

  beforeEach(() => {
    storage = new Map();
    calls = [];
    assign = vi.fn();
    const sessionStorage = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    };
    vi.stubGlobal('window', { location: { pathname: '/', assign }, sessionStorage });
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const call = { path: url.split('?')[0]!, authorization: new Headers(init.headers).get('Authorization') };
      calls.push(call);
      return answer(call);
    });
    queryClient = new QueryClient();
  });

  afterEach(() => vi.unstubAllGlobals());

  it('starts an impersonation: stores the token and the return address, and the session becomes the target', async () => {
    answer = () => ok({ token: 'tok', ...CORNER });
    await createSessionActions(queryClient).startImpersonation('c1', '/admin/gestione-utenti?q=rossi');
    expect(storage.get('impersonationToken')).toBe('tok');
    expect(storage.get('impersonationRedirectUrl')).toBe('/admin/gestione-utenti?q=rossi');
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual(CORNER);
  });

  it('ends it with a bearer logout, re-checks the admin with the cookie and returns the saved address', async () => {
    storage.set('impersonationToken', 'tok');
    storage.set('impersonationRedirectUrl', '/admin/gestione-utenti');
    answer = (call) => (call.path === '/trpc/auth.me' ? ok(ADMIN) : ok({ message: 'ok' }));
    const to = await createSessionActions(queryClient).stopImpersonation();
    expect(calls).toEqual([
      { path: '/trpc/auth.logout', authorization: 'Bearer tok' },
      { path: '/trpc/auth.me', authorization: null },
    ]);
    expect(to).toBe('/admin/gestione-utenti');
    expect(storage.size).toBe(0);
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual(ADMIN);
  });

  it('goes to / when the admin’s own session is gone too', async () => {
    storage.set('impersonationToken', 'tok');
    storage.set('impersonationRedirectUrl', '/admin/gestione-utenti');
    answer = (call) => (call.path === '/trpc/auth.me' ? fail(401, 'no', 'default') : ok({ message: 'ok' }));
    expect(await createSessionActions(queryClient).stopImpersonation()).toBe('/');
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeNull();
  });

  it('"Esci" while impersonating logs out the bearer session, then the cookie one, then reloads on /login', async () => {
    storage.set('impersonationToken', 'tok');
    answer = () => ok({ message: 'ok' });
    await createSessionActions(queryClient).signOut();
    expect(calls.map((call) => call.authorization)).toEqual(['Bearer tok', null]);
    expect(storage.size).toBe(0);
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('never leaves a half state: if the admin logout fails, the app shows the admin again and reports the error', async () => {
    storage.set('impersonationToken', 'tok');
    queryClient.setQueryData(SESSION_QUERY_KEY, CORNER);
    answer = (call) => {
      if (call.path === '/trpc/auth.me') return ok(ADMIN);
      return call.authorization ? ok({ message: 'ok' }) : fail(503, 'giù', 'fatal');
    };
    await expect(createSessionActions(queryClient).signOut()).rejects.toMatchObject({ status: 503 });
    expect(storage.has('impersonationToken')).toBe(false);
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual(ADMIN);
    expect(assign).not.toHaveBeenCalled();
  });

  it('keeps everything when the bearer logout itself fails', async () => {
    storage.set('impersonationToken', 'tok');
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(createSessionActions(queryClient).stopImpersonation()).rejects.toMatchObject({ message: 'Network error' });
    expect(storage.get('impersonationToken')).toBe('tok');
  });

  it('drops a login-as token the server no longer accepts and asks again with the admin’s cookie', async () => {
    storage.set('impersonationToken', 'revoked');
    answer = (call) => (call.authorization ? fail(401, 'no', 'default') : ok(ADMIN));
    expect(await fetchSessionUser()).toEqual(ADMIN);
    expect(calls.map((call) => call.authorization)).toEqual(['Bearer revoked', null]);
    expect(storage.size).toBe(0);
  });
});
