import { randomUUID } from 'node:crypto';
import type { KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app';
import { createMessageWriter, ensureStaffRoom, type TNewMessage } from './chat.repository';

const t = useTestApp();

/** The database as the writer sees it, counting the statements it sends. */
const countingDb = () => {
  const counter = { statements: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      counter.statements++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: t.database.db.withPlugin(plugin), counter };
};

const setup = async () => {
  const { id } = await t.createUser({ email: 'writer@example.it', password: 'Segreta123', role: 'corner' });
  const room = await ensureStaffRoom(t.database.db, id);
  const message = (text: string, clientId: string | null = `c-${randomUUID()}`): TNewMessage => ({
    roomId: room.id,
    senderId: id,
    clientId,
    text,
    upload: [],
    recipient: 'staff',
    senderIsParticipant: true,
  });
  const stored = () => t.database.db.selectFrom('chat_messages').select(['id', 'text']).where('room_id', '=', room.id).orderBy('id').execute();
  const receipts = () => t.database.db.selectFrom('chat_receipts').select(['message_id', 'recipient']).where('room_id', '=', room.id).execute();
  return { message, stored, receipts };
};

describe('chat message writer (group commit)', () => {
  it('writes the messages that come while a statement is under way together, in order, each with its receipt', async () => {
    const { message, stored, receipts } = await setup();
    const { db, counter } = countingDb();
    const write = createMessageWriter(db);
    const answers = await Promise.all(['uno', 'due', 'tre', 'quattro', 'cinque'].map((text) => write(message(text))));
    // The first alone, the four queued behind it in one statement.
    expect(counter.statements).toBe(2);
    expect(answers.every((answer) => answer !== undefined)).toBe(true);
    const rows = await stored();
    expect(rows.map((row) => row.text)).toEqual(['uno', 'due', 'tre', 'quattro', 'cinque']);
    expect(answers.map((answer) => answer!.id)).toEqual(rows.map((row) => String(row.id)));
    expect((await receipts()).map((receipt) => String(receipt.message_id)).sort()).toEqual(rows.map((row) => String(row.id)).sort());
  });

  it('stores a retry once: queued twice it shares the outcome, after the fact it answers undefined', async () => {
    const { message, stored } = await setup();
    const write = createMessageWriter(t.database.db);
    const first = message('prima');
    const [a, b, c] = await Promise.all([write(message('altro')), write(first), write({ ...first })]);
    expect(b).toEqual(c);
    expect(a).toBeDefined();
    expect(await write({ ...first })).toBeUndefined();
    expect((await stored()).map((row) => row.text)).toEqual(['altro', 'prima']);
  });

  it('fails a bad message alone when its batch fails, and writes the others', async () => {
    const { message, stored } = await setup();
    const write = createMessageWriter(t.database.db);
    const missingRoom = { ...message('stanza inesistente'), roomId: randomUUID() };
    const outcomes = await Promise.allSettled([write(message('prima')), write(message('seconda')), write(missingRoom), write(message('terza'))]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((await stored()).map((row) => row.text)).toEqual(['prima', 'seconda', 'terza']);
  });

  it('writes a message without clientId on its own', async () => {
    const { message, stored } = await setup();
    const write = createMessageWriter(t.database.db);
    const [one, two] = await Promise.all([write(message('senza id', null)), write(message('senza id', null))]);
    expect(one!.id).not.toBe(two!.id);
    expect(await stored()).toHaveLength(2);
  });
});
