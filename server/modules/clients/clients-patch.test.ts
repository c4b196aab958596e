import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app';
import { createTrpcHttpCaller } from '../../testing/trpc-inject-client';
import { EXAMPLE, PASSWORD, practicesFixtures, url } from '../practices/testing/practices.fixtures';
import { MARIO, MARIO_CF } from './clients.fixtures';

// A PATCH is a JSON merge patch (RFC 7396): only the fields sent change, the result is checked as a whole record.
const t = useTestApp();
const { call, people, createPractice } = practicesFixtures(t, 'Mozilla/5.0 (Test) Merge patch');

const mario = MARIO;

describe('PATCH changes only the fields sent (JSON merge patch)', () => {
  it('a client: notes only through REST and tRPC; null clears a field; a full body still replaces; an invalid result answers 400', async () => {
    const { a } = await people();
    const created = await call('POST', '/api/clients', a.cookie, mario);
    expect(created.statusCode, created.body).toBe(201);
    const record = created.json();

    const notesOnly = await call('PATCH', `/api/clients/${record.id}`, a.cookie, { notes: 'Richiamare a gennaio' });
    expect(notesOnly.statusCode, notesOnly.body).toBe(200);
    const { notes: _before, updatedAt: _u1, ...rest } = record;
    const { notes, updatedAt: _u2, ...restAfter } = notesOnly.json();
    expect(notes).toBe('Richiamare a gennaio');
    expect(restAfter).toEqual(rest);

    const trpc = await createTrpcHttpCaller(t, a.email, PASSWORD);
    const viaTrpc = await trpc.clients.update.mutate({ id: record.id, data: { notes: 'Da tRPC', address: null } });
    expect(viaTrpc).toMatchObject({ notes: 'Da tRPC', address: null, name: 'Mario', cf: MARIO_CF, email: 'mario.rossi@example.it' });

    const full = await call('PATCH', `/api/clients/${record.id}`, a.cookie, { ...mario, name: 'Marco', notes: '' });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json()).toMatchObject({ name: 'Marco', notes: '', address: mario.address });

    const invalid = await call('PATCH', `/api/clients/${record.id}`, a.cookie, { email: 'non-una-mail' });
    expect(invalid.statusCode).toBe(400);
    expect((await call('GET', `/api/clients/${record.id}`, a.cookie)).json().email).toBe('mario.rossi@example.it');
  });

  it('a practice: a partial data object changes only what it names, through REST and tRPC', async () => {
    const { a, clientA } = await people();
    const practice = await createPractice(a, clientA);
    const before = (await call('GET', url(practice.id), a.cookie)).json() as { data: typeof EXAMPLE };
    const patched = await call('PATCH', url(practice.id), a.cookie, { data: { notes: 'Solo la nota', vehicle: { powerKw: 60 } } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toEqual({ ...before.data, notes: 'Solo la nota', vehicle: { ...before.data.vehicle, powerKw: 60 } });

    const trpc = await createTrpcHttpCaller(t, a.email, PASSWORD);
    const viaTrpc = await trpc.practices.update.mutate({ sector: 'rca', id: practice.id, data: { notes: 'Da tRPC' } });
    expect(viaTrpc.data).toEqual({ ...patched.json().data, notes: 'Da tRPC' });

    // The whole data still works as before.
    const full = await call('PATCH', url(practice.id), a.cookie, { ...EXAMPLE, notes: 'Di nuovo tutto' });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().data.vehicle).toEqual(EXAMPLE.vehicle);
  });
});
