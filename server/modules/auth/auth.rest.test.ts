import { describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../shared/messages';
import { registrationFixture } from '../../testing/fixtures';
import { linkToken } from '../../testing/outbox';
import { createTestApp, useTestApp, sessionCookieOf } from '../../testing/test-app';

const t = useTestApp();

const PASSWORD = 'Segreta123';
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/auth/me', () => {
  it('answers 401 with an Italian message without a session', async () => {
    const response = await get('/api/auth/me');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: MSG.unauthenticated, type: 'default' });
  });

  it('answers {id, role, state} with the cookie set at login', async () => {
    const { id } = await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const cookie = await t.login('corner@example.it', PASSWORD);
    const response = await get('/api/auth/me', { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id, role: 'corner', state: 'active' });
  });

  it('ignores a forged or unknown token', async () => {
    expect((await get('/api/auth/me', { cookie: 'sid=forged-token-value' })).statusCode).toBe(401);
    expect((await get('/api/auth/me', { authorization: 'Bearer nope' })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/login', () => {
  it('sets an HttpOnly SameSite=Lax cookie holding a fresh random token, stored only hashed', async () => {
    const { id } = await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const response = await post('/api/auth/login', { email: 'Corner@Example.it ', password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id, role: 'corner', state: 'active' });
    const cookie = response.cookies.find((c) => c.name === 'sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy();
    expect(Buffer.from(cookie.value, 'base64url').length).toBeGreaterThanOrEqual(16);
    const sessions = await t.database.db.selectFrom('sessions').selectAll().execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.id).not.toBe(cookie.value);
    const second = sessionCookieOf(await post('/api/auth/login', { email: 'corner@example.it', password: PASSWORD }));
    expect(second).not.toBe(`sid=${cookie.value}`);
  });

  it('marks the cookie Secure behind HTTPS when the proxy is trusted', async () => {
    const secureApp = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      await secureApp.createUser({ email: 'corner@example.it', password: PASSWORD });
      const response = await secureApp.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'corner@example.it', password: PASSWORD },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.cookies.find((c) => c.name === 'sid')?.secure).toBe(true);
    } finally {
      await secureApp.close();
    }
  });

  it('replaces the session the browser already had (no fixation)', async () => {
    await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const first = await t.login('corner@example.it', PASSWORD);
    const response = await post('/api/auth/login', { email: 'corner@example.it', password: PASSWORD }, { cookie: first });
    expect(response.statusCode).toBe(200);
    expect((await get('/api/auth/me', { cookie: first })).statusCode).toBe(401);
    expect(await t.database.db.selectFrom('sessions').selectAll().execute()).toHaveLength(1);
  });

  it('refuses wrong credentials with 401 and the same message for unknown accounts', async () => {
    await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const wrong = await post('/api/auth/login', { email: 'corner@example.it', password: 'Sbagliata123' });
    const unknown = await post('/api/auth/login', { email: 'nessuno@example.it', password: PASSWORD });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(MSG.wrongCredentials);
      expect(response.cookies).toHaveLength(0);
    }
  });

  it.each([
    ['inactive', MSG.accountInactive],
    ['deleted', MSG.accountDeleted],
    ['pending', MSG.accountPending],
  ] as const)('refuses a %s account with its reason', async (state, message) => {
    await t.createUser({ email: 'corner@example.it', password: PASSWORD, state });
    const response = await post('/api/auth/login', { email: 'corner@example.it', password: PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(message);
  });

  it('validates the body with per-field Italian messages', async () => {
    const response = await post('/api/auth/login', { email: 'non-una-email', password: '' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.type).toBe('warn');
    expect(body.fields.email).toEqual([MSG.emailInvalid]);
    expect(body.fields.password).toEqual([MSG.required]);
  });

  it('locks an account after repeated failures, even with the right password afterwards', async () => {
    await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    for (let i = 0; i < 8; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'corner@example.it', password: `Sbagliata${i}` },
        remoteAddress: `10.0.0.${i + 1}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'corner@example.it', password: PASSWORD },
      remoteAddress: '10.0.1.1',
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(MSG.tooManyRequests);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits attempts per IP', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `utente${i}@example.it`, password: 'Qualsiasi1' },
        remoteAddress: '10.9.9.9',
      });
      last = response.statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the cookie session and clears the cookie', async () => {
    await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const cookie = await t.login('corner@example.it', PASSWORD);
    const response = await post('/api/auth/logout', {}, { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect((await get('/api/auth/me', { cookie })).statusCode).toBe(401);
    expect(await t.database.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
  });
});

describe('registration and e-mail verification', () => {
  const registration = registrationFixture(PASSWORD);

  it('creates a pending corner, e-mails the link, and the link activates it', async () => {
    vi.stubEnv('PASSWORD_HASH_COST', 'production'); // the stored hash is what this test checks: the real cost
    const response = await post('/api/auth/register', registration);
    vi.unstubAllEnvs();
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: MSG.registered });
    const user = await t.database.db.selectFrom('users').selectAll().where('email', '=', 'giulia@example.it').executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: 'corner', state: 'pending', type: 'persona', phone: '+393331234567' });
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const pendingLogin = await post('/api/auth/login', { email: 'giulia@example.it', password: PASSWORD });
    expect(pendingLogin.statusCode).toBe(403);

    const [mail] = await t.readMails();
    expect(mail!.to).toContain('giulia@example.it');
    expect(mail!.body).toContain('http://localhost:3000/accedi?verifica=');
    const token = linkToken(mail!.body, 'verifica');
    const verified = await post('/api/auth/verify-email', { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: MSG.emailVerified });
    expect((await post('/api/auth/login', { email: 'giulia@example.it', password: PASSWORD })).statusCode).toBe(200);

    const reused = await post('/api/auth/verify-email', { token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(MSG.tokenInvalid);
  });

  it('requires business and a valid partita IVA for a company', async () => {
    const response = await post('/api/auth/register', { ...registration, type: 'azienda', vat: '12345678901' });
    expect(response.statusCode).toBe(400);
    const { fields } = response.json();
    expect(fields.business).toEqual([MSG.businessRequired]);
    expect(fields.vat).toEqual([MSG.vatInvalid]);
    expect(await t.database.db.selectFrom('users').selectAll().execute()).toHaveLength(0);

    const ok = await post('/api/auth/register', { ...registration, type: 'azienda', business: 'Rossi Srl', vat: 'IT 01234560017' });
    expect(ok.statusCode).toBe(201);
    const user = await t.database.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(user).toMatchObject({ type: 'azienda', business: 'Rossi Srl', vat: '01234560017' });
  });

  it('rejects weak passwords, mismatches, missing privacy consent and a taken e-mail', async () => {
    const weak = await post('/api/auth/register', { ...registration, password: 'corta', confirmPassword: 'altra', privacy: false });
    expect(weak.statusCode).toBe(400);
    const { fields } = weak.json();
    expect(fields.password).toContain(MSG.passwordTooShort);
    expect(fields.confirmPassword).toEqual([MSG.passwordMismatch]);
    expect(fields.privacy).toEqual([MSG.privacyRequired]);

    await t.createUser({ email: 'giulia@example.it', password: PASSWORD });
    const taken = await post('/api/auth/register', registration);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields.email).toEqual([MSG.emailTaken]);
  });
});

describe('password recovery', () => {
  it('answers the same whether or not the account exists, and e-mails only real accounts', async () => {
    await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const known = await post('/api/auth/recover-password', { email: 'corner@example.it' });
    const unknown = await post('/api/auth/recover-password', { email: 'nessuno@example.it' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    const mails = await t.readMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toContain('corner@example.it');
    expect(mails[0]!.body).toContain('http://localhost:3000/recupero-password?token=');
  });

  it('resets once with the token, ends every session and does not log in', async () => {
    await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const cookie = await t.login('corner@example.it', PASSWORD);
    expect((await get('/api/auth/me', { cookie })).statusCode).toBe(200);
    await post('/api/auth/recover-password', { email: 'corner@example.it' });
    const token = linkToken((await t.readMails())[0]!.body, 'token');

    const mismatch = await post('/api/auth/reset-password', { token, password: 'NuovaPass1', confirmPassword: 'Diversa1' });
    expect(mismatch.statusCode).toBe(400);

    const reset = await post('/api/auth/reset-password', { token, password: 'NuovaPass1', confirmPassword: 'NuovaPass1' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: MSG.passwordReset });
    expect(reset.cookies).toHaveLength(0);
    expect((await get('/api/auth/me', { cookie })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: 'corner@example.it', password: PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: 'corner@example.it', password: 'NuovaPass1' })).statusCode).toBe(200);

    const again = await post('/api/auth/reset-password', { token, password: 'AltraPass2', confirmPassword: 'AltraPass2' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MSG.tokenInvalid);
  });

  it('refuses a token older than one hour', async () => {
    await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    await post('/api/auth/recover-password', { email: 'corner@example.it' });
    const token = linkToken((await t.readMails())[0]!.body, 'token');
    const row = await t.database.db.selectFrom('user_tokens').select(['created_at', 'expires_at']).executeTakeFirstOrThrow();
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBeLessThanOrEqual(60 * 60 * 1000 + 1000);
    await t.database.db.updateTable('user_tokens').set({ expires_at: new Date(Date.now() - 1000) }).execute();
    const response = await post('/api/auth/reset-password', { token, password: 'NuovaPass1', confirmPassword: 'NuovaPass1' });
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/auth/update-password', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const here = await t.login('corner@example.it', PASSWORD);
    const elsewhere = await t.login('corner@example.it', PASSWORD);
    // Used just before: a cached session must end as promptly as a stored one.
    expect((await get('/api/auth/me', { cookie: elsewhere })).statusCode).toBe(200);
    const response = await post('/api/auth/update-password', { password: 'NuovaPass1', confirmPassword: 'NuovaPass1' }, { cookie: here });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'La tua password è stata aggiornata.' });
    expect((await get('/api/auth/me', { cookie: here })).statusCode).toBe(200);
    expect((await get('/api/auth/me', { cookie: elsewhere })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: 'corner@example.it', password: 'NuovaPass1' })).statusCode).toBe(200);
  });

  it('shows field messages and requires a session', async () => {
    expect((await post('/api/auth/update-password', { password: 'NuovaPass1', confirmPassword: 'NuovaPass1' })).statusCode).toBe(401);
    await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const cookie = await t.login('corner@example.it', PASSWORD);
    const response = await post('/api/auth/update-password', { password: 'soloLettere', confirmPassword: 'x' }, { cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ password: [MSG.passwordWeak], confirmPassword: [MSG.passwordMismatch] });
  });
});

describe('POST /api/admin/auth/login-as', () => {
  const setup = async () => {
    const admin = await t.createUser({ email: 'admin@example.it', password: PASSWORD, role: 'admin' });
    const corner = await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const adminCookie = await t.login('admin@example.it', PASSWORD);
    return { admin, corner, adminCookie };
  };

  it('gives an admin a bearer token acting as the user, audited with the admin id', async () => {
    const { admin, corner, adminCookie } = await setup();
    const response = await post('/api/admin/auth/login-as', { userId: corner.id }, { cookie: adminCookie });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ id: corner.id, role: 'corner', state: 'active' });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const bearer = { authorization: `Bearer ${body.token}`, cookie: adminCookie };
    expect((await get('/api/auth/me', bearer)).json()).toEqual({ id: corner.id, role: 'corner', state: 'active' });
    expect((await get('/api/profile', bearer)).json().user.email).toBe('corner@example.it');

    const audit = await t.database.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(audit.map((a) => [a.action, a.method, a.path])).toEqual([
      ['login-as', null, null],
      ['request', 'GET', '/api/auth/me'],
      ['request', 'GET', '/api/profile'],
    ]);
    expect(audit.every((a) => a.admin_id === admin.id && a.user_id === corner.id)).toBe(true);

    // Ending impersonation revokes the token only; the admin's own session stays.
    expect((await post('/api/auth/logout', {}, bearer)).statusCode).toBe(200);
    expect((await get('/api/auth/me', { authorization: `Bearer ${body.token}` })).statusCode).toBe(401);
    expect((await get('/api/auth/me', { cookie: adminCookie })).json()).toMatchObject({ id: admin.id, role: 'admin' });
  });

  it('refuses non-admins, admin targets, nested impersonation and unknown users', async () => {
    const { corner, adminCookie } = await setup();
    const otherAdmin = await t.createUser({ email: 'admin2@example.it', password: PASSWORD, role: 'admin' });
    const cornerCookie = await t.login('corner@example.it', PASSWORD);

    expect((await post('/api/admin/auth/login-as', { userId: otherAdmin.id }, { cookie: cornerCookie })).statusCode).toBe(403);
    const adminTarget = await post('/api/admin/auth/login-as', { userId: otherAdmin.id }, { cookie: adminCookie });
    expect(adminTarget.statusCode).toBe(403);
    expect(adminTarget.json().message).toBe(MSG.cannotImpersonateAdmin);

    const { token } = (await post('/api/admin/auth/login-as', { userId: corner.id }, { cookie: adminCookie })).json();
    const broker = await t.createUser({ email: 'broker@example.it', password: PASSWORD, role: 'broker' });
    const nested = await post('/api/admin/auth/login-as', { userId: broker.id }, { authorization: `Bearer ${token}` });
    expect(nested.statusCode).toBe(403);

    const unknown = await post('/api/admin/auth/login-as', { userId: '00000000-0000-4000-8000-000000000000' }, { cookie: adminCookie });
    expect(unknown.statusCode).toBe(404);
    expect((await post('/api/admin/auth/login-as', { userId: 'not-a-uuid' }, { cookie: adminCookie })).statusCode).toBe(400);
  });

  it('does not let the impersonating admin change the user password', async () => {
    const { corner, adminCookie } = await setup();
    const { token } = (await post('/api/admin/auth/login-as', { userId: corner.id }, { cookie: adminCookie })).json();
    const response = await post('/api/auth/update-password', { password: 'NuovaPass1', confirmPassword: 'NuovaPass1' }, { authorization: `Bearer ${token}` });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MSG.impersonationForbiddenAction);
  });
});

describe('POST /api/admin/users', () => {
  it('creates an active account and e-mails a link to choose the password', async () => {
    await t.createUser({ email: 'admin@example.it', password: PASSWORD, role: 'admin' });
    const cookie = await t.login('admin@example.it', PASSWORD);
    const response = await post(
      '/api/admin/users',
      { email: 'broker@example.it', role: 'broker', type: 'persona', name: 'Luca', surname: 'Verdi', brokerType: 'fideiussioni' },
      { cookie },
    );
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    const user = await t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: 'broker', state: 'active', broker_type: 'fideiussioni', password_hash: null });

    const mail = (await t.readMails()).find((m) => m.to.includes('broker@example.it'))!;
    const token = linkToken(mail.body, 'token');
    expect(mail.body).toContain('http://localhost:3000/recupero-password?token=');
    expect((await post('/api/auth/reset-password', { token, password: 'Broker123', confirmPassword: 'Broker123' })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email: 'broker@example.it', password: 'Broker123' })).json()).toMatchObject({ id, role: 'broker' });
  });

  it('requires an admin and a sector type for brokers', async () => {
    await t.createUser({ email: 'admin@example.it', password: PASSWORD, role: 'admin' });
    await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const admin = await t.login('admin@example.it', PASSWORD);
    const corner = await t.login('corner@example.it', PASSWORD);
    const body = { email: 'nuovo@example.it', role: 'broker', type: 'persona', name: 'Luca', surname: 'Verdi' };
    expect((await post('/api/admin/users', { ...body, brokerType: 'gpl' }, { cookie: corner })).statusCode).toBe(403);
    const missing = await post('/api/admin/users', body, { cookie: admin });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.brokerType).toEqual([MSG.brokerTypeRequired]);
    expect((await post('/api/admin/users', { ...body, email: 'corner@example.it', role: 'corner' }, { cookie: admin })).statusCode).toBe(409);
  });
});

describe('request hygiene', () => {
  it('refuses state-changing requests from another origin', async () => {
    await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const response = await post('/api/auth/login', { email: 'corner@example.it', password: PASSWORD }, { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MSG.badOrigin);
    const same = await post('/api/auth/login', { email: 'corner@example.it', password: PASSWORD }, { origin: 'http://localhost:3000' });
    expect(same.statusCode).toBe(200);
  });

  it('refuses JSON bodies carrying __proto__ and changes nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"x@example.it","__proto__":{"isAdmin":true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: MSG.malformedBody, type: 'default' });
    expect(await t.database.db.selectFrom('users').selectAll().execute()).toHaveLength(0);
  });

  it('answers unknown /api paths with 404 JSON and malformed JSON with 400', async () => {
    const missing = await get('/api/non-esiste');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ type: 'default', code: 'NOT_FOUND' });
    const broken = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().stack).toBeUndefined();
  });

  it('reports health once migrations are done, with the security headers on every answer', async () => {
    const response = await get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.json().status).toBe('ok');
  });
});

describe('rate limits on registration and recovery', () => {
  it('limits registrations per IP and per address', async () => {
    const base = { type: 'persona', name: 'A', surname: 'B', phone: '3331234567', password: PASSWORD, confirmPassword: PASSWORD, privacy: true };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...base, email: 'stessa@example.it' }, remoteAddress: `10.1.0.${i}` });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 409, 409, 409, 409, 429]);
    const perIp: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...base, email: `u${i}@example.it` }, remoteAddress: '10.2.0.1' });
      perIp.push(response.statusCode);
    }
    expect(perIp.at(-1)).toBe(429);
  });

  it('limits recovery requests per IP, and e-mails one address at most three times an hour', async () => {
    await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    for (let i = 0; i < 5; i++) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/recover-password', payload: { email: 'corner@example.it' }, remoteAddress: `10.3.0.${i}` });
      expect(response.statusCode).toBe(200);
    }
    expect(await t.readMails()).toHaveLength(3);
    let last = 0;
    for (let i = 0; i < 11; i++) {
      last = (await t.app.inject({ method: 'POST', url: '/api/auth/recover-password', payload: { email: `x${i}@example.it` }, remoteAddress: '10.4.0.1' })).statusCode;
    }
    expect(last).toBe(429);
  });
});
