import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD } from './demo-data';

const UA = 'Mozilla/5.0 (Dati dimostrativi)';

/**
 * The demo's audit log (issue 28), written as people would: the demo admin signs in, opens a "login-as" session as
 * the demo corner persona and looks at a few pages, so /admin/audit shows an impersonation session with its calls
 * beside what the demo practices already wrote (the contract signed by code...).
 */
export const loadDemoAudit = async (app: FastifyInstance): Promise<{ calls: number }> => {
  const expectOk = (response: LightMyRequestResponse, what: string) => {
    if (response.statusCode >= 300) throw new Error(`Dati dimostrativi: ${what} → ${response.statusCode} ${response.body}`);
    return response;
  };
  const login = expectOk(
    await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'user-agent': UA }, payload: { email: 'admin@demo.it', password: DEMO_PASSWORD } }),
    'accesso admin',
  );
  const sid = login.cookies.find((cookie) => cookie.name === 'sid');
  if (!sid) throw new Error('Dati dimostrativi: nessun cookie di sessione per admin@demo.it');
  const cookie = `sid=${sid.value}`;
  const users = expectOk(await app.inject({ method: 'GET', url: '/api/admin/users?q=corner.persona@demo.it', headers: { cookie, 'user-agent': UA } }), 'utenti');
  const corner = (users.json() as { id: string; email: string }[]).find((user) => user.email === 'corner.persona@demo.it');
  if (!corner) throw new Error('Dati dimostrativi: manca corner.persona@demo.it');
  const started = expectOk(
    await app.inject({ method: 'POST', url: '/api/admin/auth/login-as', headers: { cookie, 'user-agent': UA }, payload: { userId: corner.id } }),
    'accedi come',
  );
  const token = (started.json() as { token: string }).token;
  const pages = ['/api/auth/me', '/api/clients?page=1&limit=10', '/api/sync-login'];
  for (const url of pages) expectOk(await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, 'user-agent': UA } }), url);
  // The session ends as the admin would end it: signing out of the demo admin's session ends its tokens too.
  expectOk(await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, 'user-agent': UA } }), 'uscita admin');
  return { calls: pages.length };
};
