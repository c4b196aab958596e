import { describe, expect, it } from 'vitest';
import { rcaDefinition } from '../../../../shared/practices/rca';
import { useTestApp } from '../../../testing/test-app';
import { practicesFixtures } from '../testing/practices.fixtures';

const t = useTestApp();
const UA = 'Mozilla/5.0 (Test) Liste pratiche';
const { call, corner: cornerUser, user } = practicesFixtures(t, UA);

/** Issue 15, the lists' columns: each practice names its client and its corner (by display name), for every reader. */
describe('practices name their client and corner', () => {
  it('on create, in the corner’s list, in the broker’s worklist and on read; a company client by its business name', async () => {
    const corner = await cornerUser('anna@example.it', 'Anna');
    const broker = await user('rocco@example.it', 'broker', 'Rocco', 'RC Auto');
    const [person, company] = await t.database.db
      .insertInto('clients')
      .values([
        { corner_id: corner.id, type: 'persona', name: 'Luca', surname: 'Bianchi' },
        { corner_id: corner.id, type: 'azienda', business: 'Officina Marelli Srl' },
      ])
      .returning('id')
      .execute();
    const created = await call('POST', '/api/practices/rca', corner.cookie, { clientId: person!.id, data: rcaDefinition.example });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ clientName: 'Luca Bianchi', cornerName: 'Anna Rossi' });
    expect((await call('POST', '/api/practices/rca', corner.cookie, { clientId: company!.id, data: rcaDefinition.example })).statusCode).toBe(201);

    for (const reader of [corner, broker]) {
      const list = await call('GET', '/api/practices/rca?sort=oldest', reader.cookie);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().map((row: { clientName: string; cornerName: string }) => [row.clientName, row.cornerName])).toEqual([
        ['Luca Bianchi', 'Anna Rossi'],
        ['Officina Marelli Srl', 'Anna Rossi'],
      ]);
    }
    const read = await call('GET', `/api/practices/rca/${created.json().id}`, broker.cookie);
    expect(read.json()).toMatchObject({ clientName: 'Luca Bianchi', cornerName: 'Anna Rossi' });
  });
});
