import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app';

// PATCH /api/profile is a JSON merge patch (RFC 7396): only the fields sent change.
const t = useTestApp();
const PASSWORD = 'Segreta123';

describe('PATCH /api/profile changes only the fields sent', () => {
  it('a surname alone keeps the rest; a full body still replaces; an invalid result answers 400 and changes nothing', async () => {
    await t.createUser({ email: 'corner@example.it', password: PASSWORD, name: 'Anna', surname: 'Neri' });
    const cookie = await t.login('corner@example.it', PASSWORD);
    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: '/api/profile', payload, headers: { cookie } });

    const partial = await patch({ user: { surname: 'Bianchi' } });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json().user).toMatchObject({ type: 'persona', name: 'Anna', surname: 'Bianchi' });

    const full = await patch({ user: { type: 'persona', name: 'Maria', surname: 'Verdi', cf: '', business: '', vat: '' }, hasEmployee: true });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().user).toMatchObject({ name: 'Maria', surname: 'Verdi', hasEmployee: true });

    expect((await patch({ user: { type: 'azienda' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).json().user).toMatchObject({ type: 'persona', name: 'Maria' });
  });
});
