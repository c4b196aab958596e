import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app';
import { createTrpcHttpCaller } from '../../testing/trpc-inject-client';

const t = useTestApp();
const PASSWORD = 'Segreta123';

const signIn = async (role: 'admin' | 'corner') => {
  const email = `${role}@example.it`;
  await t.createUser({ email, password: PASSWORD, role });
  return t.login(email, PASSWORD);
};

const auditActions = () => t.database.db.selectFrom('audit_log').select(['action', 'path']).execute();

describe('reference data loaded by the migration', () => {
  it('holds every comune with its province, CAPs and codice catastale, the provinces, regions and foreign countries', async () => {
    const cookie = await signIn('corner');
    const db = t.database.db;
    const { count } = await db.selectFrom('comuni').select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
    expect(Number(count)).toBeGreaterThan(7800);

    const milano = await t.app.inject({ method: 'GET', url: '/api/geo/comuni?q=milano&limit=1', headers: { cookie } });
    expect(milano.statusCode).toBe(200);
    expect(milano.json()[0]).toMatchObject({ istat: '015146', name: 'Milano', sigla: 'MI', provinceName: 'Milano', cadastralCode: 'F205', active: true });
    expect(milano.json()[0].caps).toContain('20121');

    const provinces = (await t.app.inject({ method: 'GET', url: '/api/geo/provinces', headers: { cookie } })).json();
    expect(provinces.length).toBeGreaterThanOrEqual(107);
    expect(provinces.find((p: { sigla: string }) => p.sigla === 'TN')).toMatchObject({ name: 'Trento', regionCode: '04' });
    const regions = (await t.app.inject({ method: 'GET', url: '/api/geo/regions', headers: { cookie } })).json();
    expect(regions).toHaveLength(20);
    expect(regions).toContainEqual({ code: '03', name: 'Lombardia' });

    expect(await t.app.services.geo.placeByCadastral('Z404')).toEqual({ kind: 'country', country: { code: 'Z404', name: "STATI UNITI D'AMERICA" } });
    expect(await t.app.services.geo.placeByCadastral('f205')).toMatchObject({ kind: 'comune', comune: { name: 'Milano', sigla: 'MI' } });
    expect(await t.app.services.geo.placeByCadastral('Z999')).toBeNull();
    expect(await t.app.services.geo.placeByCadastral('nonsense')).toBeNull();
  });
});

describe('typing search', () => {
  it('answers name prefix matches first, then names containing the text, accents ignored, in REST and tRPC', async () => {
    const cookie = await signIn('corner');
    const names = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/geo/comuni?${query}`, headers: { cookie } })).json().map((c: { name: string }) => c.name);

    const roma = await names('q=roma&limit=50');
    expect(roma[0]).toBe('Roma');
    const firstContains = roma.findIndex((name: string) => !name.toLowerCase().startsWith('roma'));
    expect(firstContains).toBeGreaterThan(0);
    expect(roma.slice(firstContains).every((name: string) => !name.toLowerCase().startsWith('roma'))).toBe(true);
    expect(await names('q=forli&limit=1')).toEqual(['Forlì']);
    expect(await names('q=san&province=MI&limit=50')).toContain('San Donato Milanese');
    expect(await names('q=100%25')).toEqual([]);

    const empty = await t.app.inject({ method: 'GET', url: '/api/geo/comuni?q=', headers: { cookie } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Scrivi da 1 a 60 caratteri.');
    expect((await t.app.inject({ method: 'GET', url: '/api/geo/comuni?q=roma' })).statusCode).toBe(401);

    const client = await createTrpcHttpCaller(t, 'corner@example.it', PASSWORD);
    const viaTrpc = await client.geo.searchComuni.query({ q: 'Milano', limit: 3 });
    expect(viaTrpc[0]).toMatchObject({ name: 'Milano', sigla: 'MI' });
    expect(await client.geo.comuneByCadastral.query({ code: 'Z100' })).toEqual({ kind: 'country', country: { code: 'Z100', name: 'ALBANIA' } });
  });
});

describe('admin editing', () => {
  it('lists every comune with filters, sorting, paging and the total', async () => {
    const cookie = await signIn('admin');
    const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/admin/geo/comuni?${query}`, headers: { cookie } });
    const names = async (query: string) => (await get(query)).json().map((c: { istat: string }) => c.istat);
    const trento = await get('province=TN&limit=10&page=2&sort=-name');
    expect(trento.statusCode).toBe(200);
    expect(Number(trento.headers['x-total-count'])).toBe(166);
    expect(trento.json()).toHaveLength(10);
    const ascending = await names('province=TN&limit=200&sort=name');
    expect(ascending).toHaveLength(166);
    expect(await names('province=TN&limit=200&sort=-name')).toEqual([...ascending].reverse());
    expect(trento.json().map((c: { istat: string }) => c.istat)).toEqual([...ascending].reverse().slice(10, 20));
    expect((await get('q=F205')).json().map((c: { name: string }) => c.name)).toEqual(['Milano']);
    expect((await get('q=015146')).json()[0]).toMatchObject({ name: 'Milano', population: expect.any(Number) });
    expect((await get('sort=altro')).statusCode).toBe(400);
  });

  it('renames, fixes CAPs and merges a comune, written to the audit log (REST)', async () => {
    const cookie = await signIn('admin');
    const patch = (istat: string, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/admin/geo/comuni/${istat}`, headers: { cookie }, payload });
    // Agliè (TO), 001001, and Airasca (TO), 001002.
    const renamed = await patch('001001', { name: 'Agliè Canavese', caps: ['10011', '10012'] });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ istat: '001001', name: 'Agliè Canavese', caps: ['10011', '10012'], active: true, mergedInto: null });
    const search = await t.app.inject({ method: 'GET', url: '/api/geo/comuni?q=aglie%20canavese', headers: { cookie } });
    expect(search.json().map((c: { istat: string }) => c.istat)).toEqual(['001001']);

    const merged = await patch('001001', { mergedInto: '001002' });
    expect(merged.json()).toMatchObject({ mergedInto: '001002', active: false });
    const hidden = await t.app.inject({ method: 'GET', url: '/api/geo/comuni?q=aglie%20canavese', headers: { cookie } });
    expect(hidden.json()).toEqual([]);
    expect(await auditActions()).toEqual([
      { action: 'geo_comune_updated', path: '/api/admin/geo/comuni/001001' },
      { action: 'geo_comune_updated', path: '/api/admin/geo/comuni/001001' },
    ]);

    const undone = await patch('001001', { name: 'Agliè', caps: ['10011'], mergedInto: null, active: true });
    expect(undone.json()).toMatchObject({ name: 'Agliè', caps: ['10011'], mergedInto: null, active: true });
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const cookie = await signIn('admin');
    const patch = (istat: string, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/admin/geo/comuni/${istat}`, headers: { cookie }, payload });
    const before = await t.app.services.geo.placeByCadastral('A074');

    const unknown = await patch('999999', { name: 'Nessuno' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Comune non trovato.');
    const itself = await patch('001001', { mergedInto: '001001' });
    expect(itself.statusCode).toBe(400);
    expect(itself.json().message).toBe('Un comune non può essere unito a sé stesso.');
    const missingTarget = await patch('001001', { mergedInto: '999998' });
    expect(missingTarget.json().message).toBe('Il comune in cui unire non esiste.');
    const badCap = await patch('001001', { caps: ['1001A'] });
    expect(badCap.statusCode).toBe(400);
    expect(badCap.json().message).toBe('CAP non valido: sono 5 cifre.');
    expect((await patch('001001', { caps: [] })).json().message).toBe('Indica almeno un CAP.');
    expect((await patch('12', { name: 'X' })).json().message).toBe('Codice ISTAT non valido: sono 6 cifre.');
    expect((await patch('001001', { name: '  ' })).json().message).toBe('Indica il nome del comune (al massimo 100 caratteri).');

    expect(await t.app.services.geo.placeByCadastral('A074')).toEqual(before);
    expect(await auditActions()).toEqual([]);
  });

  it('works through tRPC and is refused to non-admins', async () => {
    await signIn('admin');
    const cornerCookie = await signIn('corner');
    const admin = await createTrpcHttpCaller(t, 'admin@example.it', PASSWORD);
    const page = await admin.geo.admin.listComuni.query({ q: 'airasca', page: 1, limit: 5, sort: 'name' });
    expect(page.total).toBe(1);
    const updated = await admin.geo.admin.updateComune.mutate({ istat: '001002', caps: ['10060', '10061'] });
    expect(updated.caps).toEqual(['10060', '10061']);
    await expect(admin.geo.admin.updateComune.mutate({ istat: '001002', mergedInto: '001002' })).rejects.toThrow('Un comune non può essere unito a sé stesso.');
    await admin.geo.admin.updateComune.mutate({ istat: '001002', caps: ['10060'] });

    const corner = await createTrpcHttpCaller(t, 'corner@example.it', PASSWORD);
    const refused = await corner.geo.admin.updateComune.mutate({ istat: '001002', name: 'Presa' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCClientError);
    expect((refused as { data?: { code?: string } }).data?.code).toBe('FORBIDDEN');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/geo/comuni', headers: { cookie: cornerCookie } })).statusCode).toBe(403);
    const restRefused = await t.app.inject({ method: 'PATCH', url: '/api/admin/geo/comuni/001002', headers: { cookie: cornerCookie }, payload: { name: 'Presa' } });
    expect(restRefused.statusCode).toBe(403);
    expect((await t.app.services.geo.placeByCadastral('A109'))?.kind).toBe('comune');
    expect((await admin.geo.admin.listComuni.query({ q: '001002', page: 1, limit: 1, sort: 'name' })).list[0]).toMatchObject({ name: 'Airasca', caps: ['10060'] });
  });
});
