import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app';

// Every admin route checks the role before the input: a corner never learns what a valid body looks like.
const t = useTestApp();
const PASSWORD = 'Segreta123';

const ADMIN_ROUTES = [
  ['GET', '/api/admin/users?page=abc'],
  ['POST', '/api/admin/users'],
  ['POST', '/api/admin/users/state'],
  ['POST', '/api/admin/onetime-message'],
  ['POST', '/api/admin/auth/login-as'],
  ['GET', '/api/admin/geo/comuni?page=abc'],
  ['GET', '/api/admin/companies?page=abc'],
  ['POST', '/api/admin/companies'],
  ['PATCH', '/api/admin/companies/not-an-id'],
  ['GET', '/api/admin/agencies?page=abc'],
  ['POST', '/api/admin/agencies'],
  ['PATCH', '/api/admin/agencies/not-an-id'],
  ['POST', '/api/admin/docs/upload'],
  ['GET', '/api/admin/docs?page=abc'],
  ['PATCH', '/api/admin/docs/audience'],
  ['GET', '/api/admin/settings?key=nessuna'],
  ['PATCH', '/api/admin/settings'],
  ['GET', '/api/admin/precontract-template'],
  ['PUT', '/api/admin/precontract-template'],
] as const;

describe('admin routes check the role first', () => {
  it('a corner gets 403 and no session 401 on every /api/admin route, whatever the body', async () => {
    await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const cookie = await t.login('corner@example.it', PASSWORD);
    const answers: string[] = [];
    for (const [method, path] of ADMIN_ROUTES) {
      for (const payload of [{}, { key: 42, value: [], userId: 'x' }]) {
        const asCorner = await t.app.inject({ method, url: path, headers: { cookie, origin: 'http://localhost:3000' }, payload });
        const anonymous = await t.app.inject({ method, url: path, headers: { origin: 'http://localhost:3000' }, payload });
        answers.push(`${method} ${path}: ${asCorner.statusCode} ${anonymous.statusCode}`);
      }
    }
    expect(answers).toEqual(ADMIN_ROUTES.flatMap(([method, path]) => [`${method} ${path}: 403 401`, `${method} ${path}: 403 401`]));
  });
});
