import { describe, expect, it } from 'vitest';
import { rcaDefinition } from '../../../../shared/practices/rca';
import { useTestApp } from '../../../testing/test-app';

const t = useTestApp();
const PASSWORD = 'Segreta123';
const UA = 'Mozilla/5.0 (Test) Ricerca pratiche';
const EXAMPLE = rcaDefinition.example;

const user = async (email: string, extra: Record<string, unknown> = {}) => {
  const { id } = await t.createUser({ email, password: PASSWORD, name: 'Anna', surname: 'Rossi', cf: 'RSSMRA85T10A562S', phone: '3331234567', ...extra });
  return { id, cookie: await t.login(email, PASSWORD) };
};
const get = async (url: string, cookie: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie, 'user-agent': UA } });
  expect(response.statusCode, response.body).toBe(200);
  return { ids: (response.json() as { id: string }[]).map((row) => row.id).sort(), total: Number(response.headers['x-total-count']) };
};

/**
 * Issue 15, the lists' free text (practices.repository.ts listPractices, migration 2026-11-23T2040): within a
 * corner's practices each word is looked for by strpos, across every corner through the trigram index with LIKE;
 * both answer alike, every word must match, and the user's text is taken literally (wildcards, quotes).
 */
describe('practices free text', () => {
  it('finds a plate, a make, a chassis within a corner and across corners alike; words add up; text is literal', async () => {
    const a = await user('a@example.it');
    const b = await user('b@example.it');
    const broker = await user('rca@example.it', { role: 'broker', brokerType: 'RC Auto' });
    const admin = await user('admin@example.it', { role: 'admin' });
    const vehicles = [
      { owner: a, vehicle: { ...EXAMPLE.vehicle, plate: 'AB123CD', make: 'Fiat', model: 'Panda', chassis: 'ZFA31200000123456' } },
      { owner: a, vehicle: { ...EXAMPLE.vehicle, plate: 'FX456GH', make: 'Toyota', model: 'Yaris', chassis: '' } },
      { owner: b, vehicle: { ...EXAMPLE.vehicle, plate: 'AB129KL', make: 'Fiat', model: 'Tipo', chassis: '' } },
      { owner: a, vehicle: { ...EXAMPLE.vehicle, plate: 'GA321BC', make: 'Citroën', model: 'C3', chassis: '' } },
    ];
    const ids: string[] = [];
    for (const { owner, vehicle } of vehicles) {
      const [client] = await t.database.db.insertInto('clients').values({ corner_id: owner.id, type: 'persona', name: 'Luca', surname: 'Bianchi' }).returning('id').execute();
      const created = await t.app.inject({ method: 'POST', url: '/api/practices/rca', headers: { cookie: owner.cookie, 'user-agent': UA }, payload: { clientId: client!.id, data: { ...EXAMPLE, vehicle } } });
      expect(created.statusCode, created.body).toBe(201);
      ids.push(created.json().id);
    }
    const [panda, yaris, tipo, c3] = ids as [string, string, string, string];
    const sorted = (...values: string[]) => [...values].sort();

    // A corner's own practices (strpos): plate prefix, make, chassis; case does not matter.
    expect((await get('/api/practices/rca?q=AB12', a.cookie)).ids).toEqual([panda]);
    expect((await get('/api/practices/rca?q=fiat', a.cookie)).ids).toEqual([panda]);
    expect((await get('/api/practices/rca?q=zfa312', a.cookie)).ids).toEqual([panda]);
    expect((await get('/api/practices/rca?q=toyota%20fx4', a.cookie)).ids).toEqual([yaris]);
    expect((await get('/api/practices/rca?q=toyota%20ab1', a.cookie)).ids).toEqual([]);

    // Across every corner (LIKE, the trigram index): the admin and the sector's broker find both corners' practices.
    for (const reader of [admin, broker]) {
      expect((await get('/api/practices/rca?q=ab12', reader.cookie)).ids).toEqual(sorted(panda, tipo));
      expect(await get('/api/practices/rca?q=fiat&limit=1', reader.cookie)).toMatchObject({ total: 2 });
      expect((await get('/api/practices/rca?q=fiat%20tipo', reader.cookie)).ids).toEqual([tipo]);
      expect((await get('/api/practices/rca?q=yaris', reader.cookie)).ids).toEqual([yaris]);
    }
    // Accents do not matter, either way round.
    expect((await get('/api/practices/rca?q=citroen', a.cookie)).ids).toEqual([c3]);
    expect((await get(`/api/practices/rca?q=${encodeURIComponent('CITROËN c3')}`, admin.cookie)).ids).toEqual([c3]);

    // The admin narrowed to one corner goes the corner's way, with the same answers.
    expect((await get(`/api/practices/rca?q=ab12&cornerId=${b.id}`, admin.cookie)).ids).toEqual([tipo]);

    // The user's text is literal: LIKE wildcards and quotes match only themselves, on both ways.
    for (const q of ['ab_2', 'ab%', "d'a", '\\', 'a%b']) {
      expect((await get(`/api/practices/rca?q=${encodeURIComponent(q)}`, a.cookie)).ids).toEqual([]);
      expect((await get(`/api/practices/rca?q=${encodeURIComponent(q)}`, admin.cookie)).ids).toEqual([]);
    }
  });
});
