import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { CLIENT_RECORD_MSG } from '../../../shared/schemas/client-record';
import { CodiceFiscale } from '../../../shared/validation/codice-fiscale';
import { useTestApp } from '../../testing/test-app';
import { createTrpcHttpCaller } from '../../testing/trpc-inject-client';
import { MARIO, MARIO_CF } from './clients.fixtures';

// Issue 26 point 11: what the codice fiscale encodes fills the fields left empty, whoever saves the record; a
// duplicate names the existing client by id too, so the form can link to it.

const t = useTestApp();
const PASSWORD = 'Segreta123';

/** Mario Rossi with nothing but what the codice fiscale also says left out. */
const { birthDate: _birthDate, sex: _sex, birthplace: _birthplace, ...marioWithoutFacts } = MARIO;
/** Born in Rome on 1 February 1992, a woman. */
const GIULIA_CF = CodiceFiscale.compute({ name: 'Giulia', surname: 'Verdi', gender: 'F', day: 1, month: 2, year: 1992, birthplace: 'Roma', birthplaceProvincia: 'RM' });

const signIn = async (email: string) => {
  const user = await t.createUser({ email, password: PASSWORD, role: 'corner', name: 'Anna', surname: 'Test' });
  return { ...user, cookie: await t.login(email, PASSWORD) };
};
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('birth date, sex and birthplace from the codice fiscale', () => {
  it('fills them on create (REST) when absent, and keeps what was given', async () => {
    const { cookie } = await signIn('corner@example.it');
    const created = await call('POST', '/api/clients', cookie, marioWithoutFacts);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ birthDate: '1980-03-15', sex: 'M', birthplace: { cadastralCode: 'F205', label: 'Milano (MI)' } });
    const stored = await t.database.db.selectFrom('clients').select(['sex', 'birthplace_code', 'birthplace_label']).where('id', '=', created.json().id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ sex: 'M', birthplace_code: 'F205', birthplace_label: 'Milano (MI)' });

    // A birth date the user confirmed against the warning stays; only the empty fields are filled.
    const giulia = await call('POST', '/api/clients', cookie, {
      ...marioWithoutFacts,
      name: 'Giulia',
      surname: 'Verdi',
      cf: GIULIA_CF,
      birthDate: '1992-02-02',
      acknowledgedWarnings: true,
    });
    expect(giulia.statusCode, giulia.body).toBe(201);
    expect(giulia.json()).toMatchObject({ birthDate: '1992-02-02', sex: 'F', birthplace: { cadastralCode: 'H501', label: 'Roma (RM)' } });
  });

  it('fills them on update (tRPC) of a record saved without them', async () => {
    const { id: cornerId } = await signIn('corner@example.it');
    const { id } = await t.database.db.insertInto('clients').values({ corner_id: cornerId, type: 'persona', name: 'Mario', surname: 'Rossi', cf: MARIO_CF }).returning('id').executeTakeFirstOrThrow();
    const trpc = await createTrpcHttpCaller(t, 'corner@example.it', PASSWORD);
    const updated = await trpc.clients.update.mutate({ id, data: { notes: 'Richiamare' } });
    expect(updated).toMatchObject({ notes: 'Richiamare', birthDate: '1980-03-15', sex: 'M', birthplace: { cadastralCode: 'F205', label: 'Milano (MI)' } });
  });
});

describe('a duplicate names the existing client', () => {
  it('carries its id in the REST body and in the tRPC error data', async () => {
    const { cookie } = await signIn('corner@example.it');
    const first = (await call('POST', '/api/clients', cookie, MARIO)).json() as { id: string };
    const again = await call('POST', '/api/clients', cookie, { ...MARIO, name: 'Marco', acknowledgedWarnings: true });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: CLIENT_RECORD_MSG.duplicateCf('Mario Rossi'), code: 'CONFLICT', details: { existingClientId: first.id } });

    const trpc = await createTrpcHttpCaller(t, 'corner@example.it', PASSWORD);
    const refused = await trpc.clients.create.mutate(MARIO).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCClientError);
    expect(refused).toMatchObject({ message: CLIENT_RECORD_MSG.duplicateCf('Mario Rossi'), data: { code: 'CONFLICT', details: { existingClientId: first.id } } });

    // Another record changed to the same codice fiscale: the same answer on update.
    const other = await trpc.clients.create.mutate({ ...MARIO, name: 'Giulia', surname: 'Verdi', cf: GIULIA_CF, birthDate: '', sex: '', birthplace: null });
    const clash = await call('PATCH', `/api/clients/${other.id}`, cookie, { cf: MARIO_CF, acknowledgedWarnings: true });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().details).toEqual({ existingClientId: first.id });
  });
});
