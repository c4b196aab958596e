import { describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages';
import { useTestApp } from '../testing/test-app';
import { EXAMPLE, practicesFixtures, url } from '../modules/practices/testing/practices.fixtures';
import { MARIO } from '../modules/clients/clients.fixtures';

// Issue 30: the records two people edit answer their version in ETag; a write sent with If-Match goes only onto
// that version, otherwise 412 with the error body and nothing changes. Creations answer Location.
const t = useTestApp();
const { call, people } = practicesFixtures(t, 'Mozilla/5.0 (Test) ETag');

const patch = (path: string, cookie: string, payload: object, ifMatch?: string) =>
  t.app.inject({ method: 'PATCH', url: path, headers: { cookie, 'user-agent': 'Mozilla/5.0 (Test) ETag', ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) }, payload });

describe('ETag and If-Match on clients', () => {
  it('creation answers Location and ETag; a stale If-Match answers 412 and changes nothing; the current one, a list or * goes', async () => {
    const { a } = await people();
    const created = await call('POST', '/api/clients', a.cookie, MARIO);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect(created.headers.location).toBe(`/api/clients/${id}`);
    expect((await call('GET', created.headers.location as string, a.cookie)).statusCode).toBe(200);
    const first = created.headers.etag as string;
    expect(first).toMatch(/^"\d+"$/);
    expect((await call('GET', `/api/clients/${id}`, a.cookie)).headers.etag).toBe(first);

    // Anna edits with the version she read: it goes, and the version moves on.
    const edited = await patch(`/api/clients/${id}`, a.cookie, { notes: 'Prima modifica' }, first);
    expect(edited.statusCode, edited.body).toBe(200);
    const second = edited.headers.etag as string;
    expect(second).not.toBe(first);
    expect((await call('GET', `/api/clients/${id}`, a.cookie)).headers.etag).toBe(second);

    // A colleague still holding the first version is refused: 412, the error body, nothing written.
    const stale = await patch(`/api/clients/${id}`, a.cookie, { notes: 'Sovrascrittura' }, first);
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toEqual({ message: MSG.staleVersion, type: 'warn', code: 'PRECONDITION_FAILED' });
    expect((await call('GET', `/api/clients/${id}`, a.cookie)).json().notes).toBe('Prima modifica');

    // A weak tag never matches (If-Match compares strongly); a list naming the current one and * go.
    expect((await patch(`/api/clients/${id}`, a.cookie, { notes: 'Debole' }, `W/${second}`)).statusCode).toBe(412);
    const listed = await patch(`/api/clients/${id}`, a.cookie, { notes: 'Da una lista' }, `${first}, ${second}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect((await patch(`/api/clients/${id}`, a.cookie, { notes: 'Qualunque' }, '*')).statusCode).toBe(200);
    // Without If-Match the last write wins, as before.
    expect((await patch(`/api/clients/${id}`, a.cookie, { notes: 'Senza condizione' })).statusCode).toBe(200);
    expect((await call('GET', `/api/clients/${id}`, a.cookie)).json().notes).toBe('Senza condizione');
  });

  it('two writes racing with the same If-Match: exactly one goes, the other answers 412', async () => {
    const { a } = await people();
    const created = await call('POST', '/api/clients', a.cookie, MARIO);
    const id = created.json().id as string;
    const tag = created.headers.etag as string;
    const answers = await Promise.all(['Prima', 'Seconda', 'Terza', 'Quarta'].map((notes) => patch(`/api/clients/${id}`, a.cookie, { notes }, tag)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 412, 412, 412]);
    const winner = answers.find((answer) => answer.statusCode === 200)!;
    const stored = await call('GET', `/api/clients/${id}`, a.cookie);
    expect(stored.json().notes).toBe(winner.json().notes);
    expect(stored.headers.etag).toBe(winner.headers.etag);
  });

  it('another corner’s client answers 404 whatever the If-Match', async () => {
    const { a, b } = await people();
    const created = await call('POST', '/api/clients', a.cookie, MARIO);
    const answer = await patch(`/api/clients/${created.json().id}`, b.cookie, { notes: 'Non mio' }, created.headers.etag as string);
    expect(answer.statusCode).toBe(404);
  });
});

describe('ETag and If-Match on practices', () => {
  it('creation answers Location and ETag; a take moves the version, so a PATCH on the version before answers 412 and keeps the data', async () => {
    const { a, rca, clientA } = await people();
    const created = await call('POST', '/api/practices/rca', a.cookie, { clientId: clientA, data: EXAMPLE });
    expect(created.statusCode, created.body).toBe(201);
    const target = created.json() as { id: string };
    expect(created.headers.location).toBe(url(target.id));
    expect(created.headers.etag).toMatch(/^"1\.\d+"$/);
    const read = await call('GET', url(target.id), a.cookie);
    const tag = read.headers.etag as string;
    expect(tag).toMatch(/^"\d+\.\d+"$/);

    const taken = await call('POST', `${url(target.id)}/take`, rca.cookie);
    expect(taken.statusCode, taken.body).toBe(200);
    const afterTake = (await call('GET', url(target.id), a.cookie)).headers.etag as string;
    expect(afterTake).not.toBe(tag);

    const stale = await patch(url(target.id), a.cookie, { data: { notes: 'Sulla versione vecchia' } }, tag);
    expect(stale.statusCode).toBe(412);
    expect(stale.json().code).toBe('PRECONDITION_FAILED');
    expect((await call('GET', url(target.id), a.cookie)).json().data.notes).not.toBe('Sulla versione vecchia');

    const current = await patch(url(target.id), a.cookie, { data: { notes: 'Sulla versione attuale' } }, afterTake);
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json()).toMatchObject({ dataVersion: read.json().dataVersion + 1, data: { notes: 'Sulla versione attuale' } });
    expect(current.headers.etag).toBe((await call('GET', url(target.id), a.cookie)).headers.etag);
  });
});

describe('Location on creation', () => {
  it('an account an admin creates answers the path that reads it', async () => {
    const { admin } = await people();
    const created = await call('POST', '/api/admin/users', admin.cookie, { email: 'nuovo.corner@example.it', role: 'corner', type: 'persona', name: 'Nadia', surname: 'Verdi' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers.location).toBe(`/api/admin/users/${created.json().id}`);
    const read = await call('GET', created.headers.location as string, admin.cookie);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id: created.json().id, email: 'nuovo.corner@example.it' });
  });
});
