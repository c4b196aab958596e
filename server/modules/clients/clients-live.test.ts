import { describe, expect, it } from 'vitest';
import type { TClientsChanged } from './clients.events';
import { CodiceFiscale } from '../../../shared/validation/codice-fiscale';
import { createTrpcHttpClient, createTrpcWsClient, until, useClosers, useListeningApp } from '../../testing/realtime-clients';
import { useTestApp } from '../../testing/test-app';

const t = useTestApp();
const live = useListeningApp(t);
const closers = useClosers();
const PASSWORD = 'Segreta123';

const mario = {
  kind: 'persona' as const,
  name: 'Mario',
  surname: 'Rossi',
  cf: CodiceFiscale.compute({ name: 'Mario', surname: 'Rossi', gender: 'M', day: 15, month: 3, year: 1980, birthplace: 'Milano', birthplaceProvincia: 'MI' }),
};

const signIn = async (email: string, role: 'admin' | 'corner' | 'broker' = 'corner') => {
  const { id } = await t.createUser({ email, password: PASSWORD, role, ...(role === 'broker' ? { brokerType: 'RC Auto' as const } : {}) });
  return { id, cookie: await t.login(email, PASSWORD) };
};

/** clients.onChange over a real tRPC WebSocket; resolves once the server started the subscription. */
const subscribeChanges = async (cookie: string) => {
  const ws = createTrpcWsClient(live.baseUrl, { cookie });
  closers.push(ws.close);
  const received: TClientsChanged[] = [];
  await new Promise<void>((resolve, reject) => {
    const subscription = ws.client.clients.onChange.subscribe(undefined, {
      onStarted: () => resolve(),
      onData: (envelope) => received.push(envelope.data),
      onError: reject,
    });
    closers.push(() => subscription.unsubscribe());
  });
  return received;
};

describe('clients.onChange', () => {
  it('tells corner A of the admin’s edit and move of its client, the admin of every book, and nothing to corner B or a broker', async () => {
    const a = await signIn('corner-a@example.it');
    const b = await signIn('corner-b@example.it');
    const c = await signIn('corner-c@example.it');
    const admin = await signIn('admin@example.it', 'admin');
    const broker = await signIn('broker@example.it', 'broker');
    const { id } = await createTrpcHttpClient(live.baseUrl, a.cookie).clients.create.mutate(mario);

    const heardByA = await subscribeChanges(a.cookie);
    const heardByB = await subscribeChanges(b.cookie);
    const heardByAdmin = await subscribeChanges(admin.cookie);
    const heardByBroker = await subscribeChanges(broker.cookie);
    const asAdmin = createTrpcHttpClient(live.baseUrl, admin.cookie);

    await asAdmin.clients.update.mutate({ id, data: { ...mario, notes: 'Aggiornato dall’amministratore' } });
    await until(() => heardByA.length === 1);
    expect(heardByA).toEqual([{ cornerId: a.id, kind: 'upsert', ids: [id] }]);

    await asAdmin.clients.move.mutate({ id, toCornerId: c.id, reason: 'Cambio agenzia' });
    await until(() => heardByA.length === 2 && heardByAdmin.length === 3);
    expect(heardByA[1]).toEqual({ cornerId: a.id, kind: 'remove', ids: [id] });
    expect(heardByAdmin).toEqual(
      expect.arrayContaining([
        { cornerId: a.id, kind: 'upsert', ids: [id] },
        { cornerId: a.id, kind: 'remove', ids: [id] },
        { cornerId: c.id, kind: 'upsert', ids: [id] },
      ]),
    );

    expect(heardByB).toEqual([]);
    // B's own change reaches B: its stream was open all along and simply had nothing of A's.
    await createTrpcHttpClient(live.baseUrl, b.cookie).clients.create.mutate(mario);
    await until(() => heardByB.length === 1);
    expect(heardByB[0]).toMatchObject({ cornerId: b.id, kind: 'upsert' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heardByA).toHaveLength(2);
    expect(heardByBroker).toEqual([]);
  });

  it('needs a session', async () => {
    const ws = createTrpcWsClient(live.baseUrl);
    closers.push(ws.close);
    const failure = await new Promise<unknown>((resolve) => {
      const subscription = ws.client.clients.onChange.subscribe(undefined, { onError: resolve, onData: () => resolve(null) });
      closers.push(() => subscription.unsubscribe());
    });
    expect(failure).toMatchObject({ data: { code: 'UNAUTHORIZED' } });
  });
});
