import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app';

const t = useTestApp({ SUPPORT_EMAIL: 'aiuto@example.it' });
const PASSWORD = 'Segreta123';

describe('GET /api/admin/users', () => {
  it('lists accounts for admins with search, filters, paging and the total', async () => {
    await t.createUser({ email: 'admin@example.it', password: PASSWORD, role: 'admin', name: 'Anna', surname: 'Capo' });
    await t.createUser({ email: 'mario@example.it', password: PASSWORD, name: 'Mario', surname: 'Rossi' });
    await t.createUser({ email: 'ufficio@ferri.it', password: PASSWORD, type: 'azienda', business: 'Ferri 50% Srl', name: '', surname: '' });
    // The newest account comes first: a minute later than the others, however fast the inserts ran.
    await t.createUser({ email: 'broker@example.it', password: PASSWORD, role: 'broker', brokerType: 'gpl', state: 'inactive', name: 'Paolo', surname: 'Verdi', createdAt: new Date(Date.now() + 60_000) });
    const cookie = await t.login('admin@example.it', PASSWORD);
    const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/admin/users${query}`, headers: { cookie } });

    const all = await get('');
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('4');
    expect(all.json()[0]).toMatchObject({ email: 'broker@example.it', role: 'broker', state: 'inactive', brokerType: 'gpl' });
    expect((await get('?q=rossi')).json().map((u: { email: string }) => u.email)).toEqual(['mario@example.it']);
    expect((await get('?q=mario%20rossi')).json()).toHaveLength(1);
    expect((await get('?q=50%25')).json().map((u: { email: string }) => u.email)).toEqual(['ufficio@ferri.it']);
    expect((await get('?role=broker&state=inactive')).json()).toHaveLength(1);
    const page2 = await get('?limit=3&page=2');
    expect(page2.json()).toHaveLength(1);
    expect((await get('?role=capo')).statusCode).toBe(400);
  });

  it('is refused to corners and to guests', async () => {
    await t.createUser({ email: 'mario@example.it', password: PASSWORD });
    const cookie = await t.login('mario@example.it', PASSWORD);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(401);
  });
});

describe('GET /api/public-config', () => {
  it('tells anyone the support address', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ supportEmail: 'aiuto@example.it' });
  });
});
