import { describe, expect, it } from 'vitest';
import type { TPracticeOnChangeEvent } from '../../../../shared/schemas/practice-live';
import { PRACTICE_THREAD_MSG } from '../../../../shared/schemas/practice-thread';
import { createTrpcHttpClient, createTrpcWsClient, until, useClosers, useListeningApp } from '../../../testing/realtime-clients';
import { useTestApp } from '../../../testing/test-app';
import { multipart, pdfOf } from '../../files/files.fixtures';
import { EXAMPLE, PASSWORD, practicesFixtures, type TUser } from '../testing/practices.fixtures';

const t = useTestApp();
const live = useListeningApp(t);
const closers = useClosers();
const UA = 'Mozilla/5.0 (Test) Pratiche H4 live';
const { call, user, clientOf, createPractice } = practicesFixtures(t, UA);

const world = async () => {
  const a = await user('a@example.it', 'corner', 'Anna');
  const b = await user('b@example.it', 'corner', 'Bea');
  const rca = await user('rca@example.it', 'broker', 'Rocco', 'RC Auto');
  const lg = await user('lg@example.it', 'broker', 'Lucio', 'luce e gas');
  const admin = await user('admin@example.it', 'admin', 'Ada');
  const clientA = await clientOf(a.id);
  const clientB = await clientOf(b.id, 'Verdi');
  const create = async (owner: TUser, clientId: string) => (await createPractice(owner, clientId)).id;
  return { a, b, rca, lg, admin, clientA, clientB, create };
};

/** practices.onChange over a real tRPC WebSocket; resolves once the server started the subscription. */
const subscribe = async (cookie: string, input: { sector: 'rca'; id?: string }) => {
  const ws = createTrpcWsClient(live.baseUrl, { cookie });
  closers.push(ws.close);
  const received: TPracticeOnChangeEvent[] = [];
  await new Promise<void>((resolve, reject) => {
    const subscription = ws.client.practices.onChange.subscribe(input, { onStarted: () => resolve(), onData: (event) => received.push(event), onError: reject });
    closers.push(() => subscription.unsubscribe());
  });
  return received;
};

describe('practices.onChange', () => {
  it('tells each change to the corner of the practice, the sector’s brokers and the admins; nothing to others', async () => {
    const w = await world();
    const heardByA = await subscribe(w.a.cookie, { sector: 'rca' });
    const heardByB = await subscribe(w.b.cookie, { sector: 'rca' });
    const heardByBroker = await subscribe(w.rca.cookie, { sector: 'rca' });
    const heardByLg = await subscribe(w.lg.cookie, { sector: 'rca' });
    const heardByAdmin = await subscribe(w.admin.cookie, { sector: 'rca' });

    const id = await w.create(w.a, w.clientA);
    const heardOfOne = await subscribe(w.rca.cookie, { sector: 'rca', id });
    expect((await call('POST', `/api/practices/rca/${id}/take`, w.rca.cookie)).statusCode).toBe(200);
    await until(() => heardByA.length === 2 && heardByBroker.length === 2 && heardByAdmin.length === 2 && heardOfOne.length === 1);
    expect(heardByA).toEqual([
      { sector: 'rca', id, kind: 'created', state: 'quotating' },
      { sector: 'rca', id, kind: 'taken', state: 'quotating' },
    ]);
    expect(heardByBroker).toEqual(heardByA);
    expect(heardByAdmin).toEqual(heardByA);
    expect(heardOfOne).toEqual([{ sector: 'rca', id, kind: 'taken', state: 'quotating' }]);

    // B's own practice reaches B (and the broker), not A; the subscription of A's practice hears nothing of it.
    const other = await w.create(w.b, w.clientB);
    await until(() => heardByB.length === 1 && heardByBroker.length === 3);
    expect(heardByB).toEqual([{ sector: 'rca', id: other, kind: 'created', state: 'quotating' }]);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(heardByA).toHaveLength(2);
    expect(heardOfOne).toHaveLength(1);
    expect(heardByLg).toEqual([]);
  });

  it('refuses a practice the caller does not reach, and a caller without a session', async () => {
    const w = await world();
    const id = await w.create(w.a, w.clientA);
    for (const cookie of [w.b.cookie, w.lg.cookie]) {
      const ws = createTrpcWsClient(live.baseUrl, { cookie });
      closers.push(ws.close);
      const failure = await new Promise<unknown>((resolve) => {
        const subscription = ws.client.practices.onChange.subscribe({ sector: 'rca', id }, { onError: resolve, onData: () => resolve(null) });
        closers.push(() => subscription.unsubscribe());
      });
      expect(failure).toMatchObject({ data: { code: 'NOT_FOUND' } });
    }
    const anonymous = createTrpcWsClient(live.baseUrl);
    closers.push(anonymous.close);
    const failure = await new Promise<unknown>((resolve) => {
      const subscription = anonymous.client.practices.onChange.subscribe({ sector: 'rca' }, { onError: resolve, onData: () => resolve(null) });
      closers.push(() => subscription.unsubscribe());
    });
    expect(failure).toMatchObject({ data: { code: 'UNAUTHORIZED' } });
  });
});

describe('a practice’s conversation', () => {
  it('lives in the chat room of the corner with the sector’s brokers, tagged with the practice; whoever reaches the practice reads and writes it', async () => {
    const w = await world();
    const id = await w.create(w.a, w.clientA);
    const second = await w.create(w.a, w.clientA);

    const empty = await call('GET', `/api/practices/rca/${id}/thread`, w.a.cookie);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual({ roomId: null, messages: [], hasMore: false });

    const sent = await call('POST', `/api/practices/rca/${id}/thread`, w.a.cookie, { text: '  Il cliente chiede anche la kasko.  ' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ text: 'Il cliente chiede anche la kasko.', practiceId: id, sender: { id: w.a.id, name: 'Anna Rossi' } });

    // The broker answers over tRPC, in the other practice's thread too: each thread holds its own messages.
    const asBroker = createTrpcHttpClient(live.baseUrl, w.rca.cookie);
    await asBroker.practices.thread.send.mutate({ sector: 'rca', id, text: 'Preparo un preventivo con la kasko.' });
    await asBroker.practices.thread.send.mutate({ sector: 'rca', id: second, text: 'Questa è per l’altra pratica.' });
    const thread = await asBroker.practices.thread.list.query({ sector: 'rca', id });
    expect(thread.messages.map((message) => [message.text, message.practiceId])).toEqual([
      ['Il cliente chiede anche la kasko.', id],
      ['Preparo un preventivo con la kasko.', id],
    ]);
    expect(thread.roomId).not.toBeNull();
    const byAdmin = (await call('GET', `/api/practices/rca/${id}/thread`, w.admin.cookie)).json();
    expect(byAdmin.messages).toHaveLength(2);
    expect((await call('GET', `/api/practices/rca/${second}/thread`, w.a.cookie)).json().messages.map((message: { text: string }) => message.text)).toEqual([
      'Questa è per l’altra pratica.',
    ]);

    // One room for the corner and the sector, seen by the corner and the sector's brokers in the chat itself.
    const room = await t.database.db.selectFrom('chat_rooms').selectAll().where('id', '=', thread.roomId!).executeTakeFirstOrThrow();
    expect(room).toMatchObject({ type: 'broker', owner_id: w.a.id, broker_id: null, sector: 'RC Auto' });
    expect(await t.database.db.selectFrom('chat_rooms').select('id').where('owner_id', '=', w.a.id).execute()).toHaveLength(1);
    const cornerRooms = (await call('GET', '/api/chat/rooms', w.a.cookie)).json() as { id: string; name: string; lastMessage: { text: string } }[];
    const inChat = cornerRooms.find((entry) => entry.id === thread.roomId);
    expect(inChat?.name).toBe('RC Auto - Broker');
    expect(inChat?.lastMessage.text).toBe('Questa è per l’altra pratica.');
    const chatRoom = (await call('GET', `/api/chat/${thread.roomId}`, w.rca.cookie)).json() as { messages: { text: string }[] };
    expect(chatRoom.messages).toHaveLength(3);

    // Another corner, another sector's broker: like a missing practice.
    for (const other of [w.b, w.lg]) {
      expect((await call('GET', `/api/practices/rca/${id}/thread`, other.cookie)).statusCode).toBe(404);
      expect((await call('POST', `/api/practices/rca/${id}/thread`, other.cookie, { text: 'Intruso' })).statusCode).toBe(404);
    }
    expect((await call('POST', `/api/practices/rca/${id}/thread`, w.a.cookie, { text: '   ' })).statusCode).toBe(400);
    expect(await t.database.db.selectFrom('chat_messages').select('id').where('text', '=', 'Intruso').execute()).toEqual([]);
  });

  it('opens one room for the corner and the sector when the first messages come at once', async () => {
    const w = await world();
    const id = await w.create(w.a, w.clientA);
    const sends = await Promise.all([
      call('POST', `/api/practices/rca/${id}/thread`, w.a.cookie, { text: 'Primo dal corner' }),
      call('POST', `/api/practices/rca/${id}/thread`, w.rca.cookie, { text: 'Primo dal broker' }),
      call('POST', `/api/practices/rca/${id}/thread`, w.admin.cookie, { text: 'Primo dall’amministrazione' }),
    ]);
    expect(sends.map((sent) => sent.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(sends.map((sent) => sent.json().roomId)).size).toBe(1);
    expect(await t.database.db.selectFrom('chat_rooms').select('id').where('owner_id', '=', w.a.id).execute()).toHaveLength(1);
    // The admin writes as staff: the corner sees 'Staff'.
    const thread = (await call('GET', `/api/practices/rca/${id}/thread`, w.a.cookie)).json() as { messages: { text: string; sender: { name: string } }[] };
    expect(thread.messages.find((message) => message.text === 'Primo dall’amministrazione')?.sender.name).toBe('Staff');
  });

  it('files a chat attachment into the practice’s documents with one action, recorded in the history', async () => {
    const w = await world();
    const id = await w.create(w.a, w.clientA);
    await call('POST', `/api/practices/rca/${id}/thread`, w.a.cookie, { text: 'Ti mando il libretto.' });
    const roomId = (await call('GET', `/api/practices/rca/${id}/thread`, w.a.cookie)).json().roomId as string;
    const body = multipart([
      { kind: 'file', field: 'file0', filename: 'libretto.pdf', content: await pdfOf('Libretto') },
      { kind: 'field', field: 'm0', value: JSON.stringify({ name: 'Libretto' }) },
      { kind: 'field', field: 'body', value: JSON.stringify({ text: 'Libretto di circolazione' }) },
    ]);
    // Sent in the conversation (multipart as a chat upload): one message of the room, tagged with the practice.
    const uploaded = await t.app.inject({ method: 'POST', url: `/api/practices/rca/${id}/thread/upload`, payload: body.payload, headers: { ...body.headers, cookie: w.a.cookie } });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const message = uploaded.json() as { id: string; roomId: string; practiceId: string; upload: { path: string; name: string }[] };
    expect(message).toMatchObject({ roomId, practiceId: id, text: 'Libretto di circolazione' });
    const file = message.upload[0]!;
    // Its Location reads it back for whoever reaches the practice, as a missing one for another corner.
    expect(uploaded.headers.location).toBe(`/api/practices/rca/${id}/thread/${message.id}`);
    expect((await call('GET', uploaded.headers.location as string, w.rca.cookie)).json()).toMatchObject({ id: message.id, upload: [{ path: file.path }] });
    expect((await call('GET', uploaded.headers.location as string, w.b.cookie)).statusCode).toBe(404);
    const thread = (await call('GET', `/api/practices/rca/${id}/thread`, w.rca.cookie)).json() as { messages: { id: string; upload: unknown[] }[] };
    expect(thread.messages.map((entry) => [entry.id, entry.upload.length])).toEqual([
      [thread.messages[0]!.id, 0],
      [message.id, 1],
    ]);
    // Another corner may not post files in it (nothing is read or stored).
    const intruder = multipart([{ kind: 'file', field: 'file0', filename: 'x.pdf', content: await pdfOf('X') }]);
    const refused = await t.app.inject({ method: 'POST', url: `/api/practices/rca/${id}/thread/upload`, payload: intruder.payload, headers: { ...intruder.headers, cookie: w.b.cookie } });
    expect(refused.statusCode).toBe(404);

    // The broker files it (one action); another corner or sector cannot, and a file of another message is refused.
    for (const other of [w.b, w.lg]) {
      expect((await call('POST', `/api/practices/rca/${id}/thread/file`, other.cookie, { messageId: message.id, fileId: file.path })).statusCode).toBe(404);
    }
    const wrongFile = await call('POST', `/api/practices/rca/${id}/thread/file`, w.rca.cookie, { messageId: message.id, fileId: '0b8f5a7e-3c2d-4e1f-9a6b-5c4d3e2f1a0b' });
    expect(wrongFile.statusCode).toBe(404);
    expect(wrongFile.json().message).toBe(PRACTICE_THREAD_MSG.fileNotInMessage);

    const filed = await call('POST', `/api/practices/rca/${id}/thread/file`, w.rca.cookie, { messageId: message.id, fileId: file.path, docType: 'libretto' });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json()).toMatchObject({ name: 'Libretto', docType: 'libretto', mime: 'application/pdf' });
    expect(filed.json().path).not.toBe(file.path);

    const documents = await createTrpcHttpClient(live.baseUrl, w.a.cookie).practices.documents.list.query({ sector: 'rca', id });
    expect(documents.map((document) => [document.name, document.docType])).toEqual([['Libretto', 'libretto']]);
    // The filed document's Location is the file itself, for whoever sees the practice's documents.
    expect(filed.headers.location).toBe(`/api/docs/file?path=${filed.json().path}`);
    const download = await t.app.inject({ method: 'GET', url: filed.headers.location as string, headers: { cookie: w.a.cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.app.inject({ method: 'GET', url: filed.headers.location as string, headers: { cookie: w.b.cookie } })).statusCode).toBe(404);

    const history = (await call('GET', `/api/practices/rca/${id}/history`, w.a.cookie)).json() as { kind: string; actorName: string; payload: Record<string, unknown> }[];
    expect(history.at(-1)).toMatchObject({ kind: 'document_added', actorName: 'Rocco Rossi', payload: { files: [{ path: filed.json().path, name: 'Libretto', docType: 'libretto' }], fromMessageId: message.id } });

    // A message of another corner's room is not this practice's.
    const otherPractice = await w.create(w.b, w.clientB);
    await call('POST', `/api/practices/rca/${otherPractice}/thread`, w.b.cookie, { text: 'Altro corner' });
    const foreign = await call('POST', `/api/practices/rca/${otherPractice}/thread/file`, w.rca.cookie, { messageId: message.id, fileId: file.path });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(PRACTICE_THREAD_MSG.messageNotFound);
  });
});
