import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../testing/test-app';
import { createTrpcHttpCaller } from '../../../testing/trpc-inject-client';
import { PASSWORD, practicesFixtures } from '../testing/practices.fixtures';

// Issue 26 point 11: the broker's worklist ("Pratiche da lavorare") mixed in closed practices.
const t = useTestApp();
const { call, people, createPractice, transition } = practicesFixtures(t, 'Mozilla/5.0 (Test) Pratiche aperte');

describe('the list of open practices (the brokers’ worklist)', () => {
  it('leaves out the closed ones with open=true, through REST and tRPC; a state asked for explicitly still answers', async () => {
    const { a, rca, clientA } = await people();
    const open = await createPractice(a, clientA);
    const closed = await createPractice(a, clientA);
    expect((await call('POST', `/api/practices/rca/${closed.id}/take`, rca.cookie)).statusCode).toBe(200);
    const refused = await transition(rca, closed.id, { to: 'notEmitted', reason: 'Il veicolo non è assicurabile.' });
    expect(refused.statusCode, refused.body).toBe(200);

    const ids = async (query: string) => ((await call('GET', `/api/practices/rca${query}`, rca.cookie)).json() as { id: string }[]).map((row) => row.id).sort();
    expect(await ids('')).toEqual([open.id, closed.id].sort());
    expect(await ids('?open=true')).toEqual([open.id]);
    expect(await ids('?open=false')).toEqual([open.id, closed.id].sort());
    expect(await ids('?open=true&state=notEmitted')).toEqual([closed.id]);
    expect((await call('GET', '/api/practices/rca?open=forse', rca.cookie)).statusCode).toBe(400);

    const trpc = await createTrpcHttpCaller(t, 'rca@example.it', PASSWORD);
    const listed = await trpc.practices.list.query({ sector: 'rca', open: true, sort: 'waiting' });
    expect(listed.list.map((row) => row.id)).toEqual([open.id]);
  });
});
