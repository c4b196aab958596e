import { Parser } from '@asyncapi/parser';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { SOCKET_CLIENT_EVENTS, SOCKET_SERVER_EVENTS } from '../../../shared/realtime-contract';
import { connectSocket, useListeningApp } from '../../testing/realtime-clients';
import { useTestApp } from '../../testing/test-app';

const t = useTestApp();
const live = useListeningApp(t);

type TDocument = {
  asyncapi: string;
  servers: Record<string, { pathname: string; protocol: string }>;
  operations: Record<string, { action: 'send' | 'receive'; messages: { $ref: string }[]; reply?: unknown }>;
  components: { messages: Record<string, { name: string; payload?: Record<string, unknown> }> };
};
const documentOf = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/asyncapi.json' });
  expect(response.statusCode).toBe(200);
  return response.json() as TDocument;
};

describe('the AsyncAPI contract of the socket.io events', () => {
  it('is a valid AsyncAPI 3.0 document for the official parser, with no error', async () => {
    const { document, diagnostics } = await new Parser().parse(JSON.stringify(await documentOf()));
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 0).map((diagnostic) => `${diagnostic.code}: ${diagnostic.message} at ${diagnostic.path.join('.')}`);
    expect(errors).toEqual([]);
    expect(document).toBeDefined();
    expect(document!.operations().all().length).toBe(Object.keys(SOCKET_SERVER_EVENTS).length + Object.keys(SOCKET_CLIENT_EVENTS).length);
  });

  it('names every event the server emits and every event it accepts, acknowledgements as replies', async () => {
    const document = await documentOf();
    expect(document.servers.platform).toMatchObject({ pathname: '/ws/', protocol: 'ws' });
    const named = (action: 'send' | 'receive') =>
      Object.values(document.operations)
        .filter((operation) => operation.action === action)
        .map((operation) => document.components.messages[operation.messages[0]!.$ref.split('/').pop()!]!.name)
        .sort();
    expect(named('send')).toEqual(['msgAcked', 'newMessage', 'notification', 'notifications', 'onetimemessage', 'online', 'syncSettings']);
    expect(named('receive')).toEqual(['ackMsg', 'ackNotif', 'message', 'ready']);
    expect(Object.keys(document.operations).filter((key) => document.operations[key]!.reply).sort()).toEqual(['receive_ackMsg', 'receive_ackNotif', 'receive_message']);
  });

  it('describes what a real socket receives: `online` and the `notifications` answered to `ready` match their payload schemas', async () => {
    const document = await documentOf();
    await t.createUser({ email: 'corner@example.it', password: 'Segreta123' });
    const cookie = await t.login('corner@example.it', 'Segreta123');
    const { id } = (await t.database.db.selectFrom('users').select('id').where('email', '=', 'corner@example.it').executeTakeFirstOrThrow());
    await t.app.services.notifications.notify('other', [id], { title: 'Benvenuto', text: 'Prima notifica' });
    const socket = live.track(await connectSocket(live.baseUrl, { cookie }));
    const online = await socket.waitFor('online');
    socket.socket.emit('ready');
    const notifications = await socket.waitFor<unknown[]>('notifications');
    expect(notifications).toHaveLength(1);

    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const check = (name: string, value: unknown) => {
      const validate = ajv.compile(document.components.messages[name]!.payload!);
      expect(validate(value), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    };
    check('online', online);
    check('notifications', notifications);
    // And a payload the schema refuses is refused.
    expect(ajv.compile(document.components.messages.notifications!.payload!)([{ id: 1 }])).toBe(false);
  });
});
