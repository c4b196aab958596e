import { describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { useTestApp } from '../../testing/test-app';

const t = useTestApp();

const PASSWORD = 'Segreta123';
const patch = (cookie: string, payload: unknown) => t.app.inject({ method: 'PATCH', url: '/api/profile', payload: payload as object, headers: { cookie } });
const getProfile = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).json();

describe('GET /api/profile', () => {
  it('answers {user, broker} with an incomplete status for a new corner', async () => {
    const { id } = await t.createUser({ email: 'corner@example.it', password: PASSWORD, name: 'Anna', surname: 'Neri' });
    const cookie = await t.login('corner@example.it', PASSWORD);
    const body = await getProfile(cookie);
    expect(body).toEqual({
      user: {
        id,
        type: 'persona',
        name: 'Anna',
        surname: 'Neri',
        business: '',
        vat: '',
        cf: '',
        taxRegime: null,
        hasEmployee: false,
        status: { tax: true },
        img: null,
        email: 'corner@example.it',
        phone: '',
        tier: 'gold',
        contract: { progress: 'none', signedAt: null, path: null, generatedPath: null },
      },
      broker: null,
    });
  });

  it('gives a broker its broker card', async () => {
    await t.createUser({ email: 'broker@example.it', password: PASSWORD, role: 'broker', brokerType: 'luce e gas', name: 'Paolo', surname: 'Gialli' });
    const cookie = await t.login('broker@example.it', PASSWORD);
    expect((await getProfile(cookie)).broker).toEqual({ name: 'Paolo Gialli', type: 'luce e gas', img: null });
  });

  it('requires a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
  });
});

describe('PATCH /api/profile', () => {
  it('stores a person, accepts an omocodia codice fiscale, and the status becomes true', async () => {
    await t.createUser({ email: 'corner@example.it', password: PASSWORD, phone: '3331234567' });
    const cookie = await t.login('corner@example.it', PASSWORD);
    const response = await patch(cookie, {
      user: { type: 'persona', name: 'Mario', surname: 'Rossi', cf: 'rssmra85t10a56nh', business: null, vat: '' },
      taxRegime: null,
      hasEmployee: false,
    });
    expect(response.statusCode).toBe(200);
    const profile = await getProfile(cookie);
    expect(profile.user).toMatchObject({ cf: 'RSSMRA85T10A56NH', business: '', vat: '', status: true });
  });

  it('requires a tax regime for a company and changes nothing', async () => {
    await t.createUser({ email: 'corner@example.it', password: PASSWORD, phone: '3331234567' });
    const cookie = await t.login('corner@example.it', PASSWORD);
    const response = await patch(cookie, {
      user: { type: 'azienda', name: '', surname: '', cf: '01234560017', business: 'Rossi Srl', vat: '01234560017' },
      hasEmployee: true,
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.fields.taxRegime).toEqual([MSG.taxRegimeRequired]);
    expect(body.message).toContain(MSG.taxRegimeRequired);
    expect((await getProfile(cookie)).user).toMatchObject({ type: 'persona', business: '' });
  });

  it('stores a complete company', async () => {
    await t.createUser({ email: 'corner@example.it', password: PASSWORD, phone: '3331234567' });
    const cookie = await t.login('corner@example.it', PASSWORD);
    const response = await patch(cookie, {
      user: { type: 'azienda', name: 'Mario', surname: 'Rossi', cf: '01234560017', business: 'Rossi Srl', vat: 'IT01234560017' },
      taxRegime: 'Ordinario',
      hasEmployee: true,
    });
    expect(response.statusCode).toBe(200);
    expect((await getProfile(cookie)).user).toMatchObject({
      type: 'azienda',
      business: 'Rossi Srl',
      vat: '01234560017',
      taxRegime: 'Ordinario',
      hasEmployee: true,
      status: true,
    });
  });

  it('rejects a bad codice fiscale and a bad partita IVA with per-field messages', async () => {
    await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const cookie = await t.login('corner@example.it', PASSWORD);
    const person = await patch(cookie, { user: { type: 'persona', name: 'Mario', surname: 'Rossi', cf: 'RSSMRA85T10A562T', business: '', vat: '12345678901' } });
    expect(person.statusCode).toBe(400);
    expect(person.json().fields).toEqual({ 'user.vat': [MSG.vatInvalid], 'user.cf': [MSG.cfInvalid] });
    const company = await patch(cookie, {
      user: { type: 'azienda', name: '', surname: '', cf: '12345', business: 'Rossi Srl', vat: '' },
      taxRegime: 'Forfettario',
    });
    expect(company.json().fields['user.cf']).toEqual([MSG.cfCompanyInvalid]);
    expect((await getProfile(cookie)).user.cf).toBe('');
  });

  it('reports a company missing its tax data with tax false', async () => {
    await t.createUser({ email: 'corner@example.it', password: PASSWORD, type: 'azienda', business: 'Rossi Srl', cf: '01234560017', phone: '3331234567' });
    const cookie = await t.login('corner@example.it', PASSWORD);
    expect((await getProfile(cookie)).user.status).toEqual({ tax: false });
  });
});
