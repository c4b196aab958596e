import { describe, expect, it } from 'vitest';
import { CHAT_MSG } from '../../../shared/chat-messages';
import type { TJson } from '../../../shared/realtime';
import type { TNewMessageEvent } from '../../../shared/schemas/chat';
import { connectSocket, useListeningApp } from '../../testing/realtime-clients';
import { useTestApp } from '../../testing/test-app';
import { HTML_AS_PNG, multipart, pdfOf, pngOf, type TPart } from '../files/files.fixtures';

const t = useTestApp();
const live = useListeningApp(t);
const PASSWORD = 'Segreta123';

const signIn = async (email: string, role: 'admin' | 'corner' = 'corner') => {
  const { id } = await t.createUser({ email, password: PASSWORD, role });
  return { id, cookie: await t.login(email, PASSWORD) };
};
const staffRoomOf = async (cookie: string) => (await t.app.inject({ method: 'POST', url: '/api/chat/staff/open', headers: { cookie } })).json().id as string;
const upload = (cookie: string, roomId: string, parts: TPart[]) => {
  const body = multipart(parts);
  return t.app.inject({ method: 'POST', url: `/api/chat/upload?roomId=${roomId}`, payload: body.payload, headers: { ...body.headers, cookie } });
};
const download = (cookie: string, path: string) =>
  t.app.inject({ method: 'GET', url: `/api/docs/download?path_0=${encodeURIComponent(path)}&name_0=x`, headers: { cookie } });

describe('POST /api/chat/upload', () => {
  it('stores the files in the room, posts them as one message, delivers it, and lets the room read them', async () => {
    const corner = await signIn('corner@example.it');
    const admin = await signIn('admin@example.it', 'admin');
    const stranger = await signIn('altro@example.it');
    const roomId = await staffRoomOf(corner.cookie);
    const adminSocket = live.track(await connectSocket(live.baseUrl, { cookie: admin.cookie }));
    await adminSocket.waitFor('online');

    const response = await upload(corner.cookie, roomId, [
      { kind: 'file', field: 'file0', filename: 'patente.pdf', content: await pdfOf('Patente') },
      { kind: 'field', field: 'm0', value: JSON.stringify({ name: 'Patente' }) },
      { kind: 'file', field: 'file1', filename: 'libretto.png', content: await pngOf(20, 20) },
      { kind: 'field', field: 'body', value: JSON.stringify({ text: 'Ecco i documenti', clientId: 'upload-0001' }) },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(CHAT_MSG.uploaded);
    const message = response.json().data;
    expect(message.text).toBe('Ecco i documenti');
    expect(message.upload.map((file: { name: string; mime: string }) => [file.name, file.mime])).toEqual([
      ['Patente', 'application/pdf'],
      ['libretto.png', 'image/png'],
    ]);

    const delivered = await adminSocket.waitFor<TJson<TNewMessageEvent>>('newMessage');
    expect(delivered.message.upload).toHaveLength(2);

    const path = message.upload[0].path as string;
    expect((await download(admin.cookie, path)).statusCode).toBe(200);
    expect((await download(corner.cookie, path)).statusCode).toBe(200);
    expect([403, 404]).toContain((await download(stranger.cookie, path)).statusCode);
  });

  it('refuses an upload to another corner’s room before reading it, and keeps nothing', async () => {
    const corner = await signIn('corner@example.it');
    const other = await signIn('altro@example.it');
    const otherRoom = await staffRoomOf(other.cookie);
    const response = await upload(corner.cookie, otherRoom, [{ kind: 'file', field: 'file0', filename: 'a.pdf', content: await pdfOf() }]);
    expect(response.statusCode).toBe(404);
    expect(await t.database.db.selectFrom('chat_messages').selectAll().execute()).toEqual([]);
    expect(await t.database.db.withTables<{ files: { id: string } }>().selectFrom('files').select('id').execute()).toEqual([]);
  });

  it('refuses a disguised file and a bad body, posting nothing', async () => {
    const corner = await signIn('corner@example.it');
    const roomId = await staffRoomOf(corner.cookie);
    const disguised = await upload(corner.cookie, roomId, [{ kind: 'file', field: 'file0', filename: 'foto.png', content: HTML_AS_PNG }]);
    expect(disguised.statusCode).toBe(400);
    const badBody = await upload(corner.cookie, roomId, [
      { kind: 'file', field: 'file0', filename: 'a.pdf', content: await pdfOf() },
      { kind: 'field', field: 'body', value: JSON.stringify({ text: 'x'.repeat(5000) }) },
    ]);
    expect(badBody.statusCode).toBe(400);
    expect(await t.database.db.selectFrom('chat_messages').selectAll().execute()).toEqual([]);
    const live = await t.database.db
      .withTables<{ files: { id: string; deleted_at: Date | null } }>()
      .selectFrom('files')
      .select('id')
      .where('deleted_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
  });
});
