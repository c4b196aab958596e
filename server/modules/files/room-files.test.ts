import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { FILE_MSG } from '../../../shared/schemas/files';
import type { TActor } from '../../platform/context';
import { useTestApp } from '../../testing/test-app';
import { pdfOf } from './files.fixtures';

const t = useTestApp();
const PASSWORD = 'Segreta123';
const ROOM = '11111111-1111-4111-8111-111111111111';

const signIn = async (email: string) => {
  const { id } = await t.createUser({ email, password: PASSWORD });
  return { id, cookie: await t.login(email, PASSWORD) };
};
const actorOf = (userId: string): TActor => ({ userId, role: 'corner', state: 'active', sessionId: 'x', via: 'cookie', impersonatorId: null });

describe('files attached to a chat room', () => {
  it('are read by the room’s participants through the resolver, and by no one else', async () => {
    const sender = await signIn('sender@example.it');
    const member = await signIn('member@example.it');
    const outsider = await signIn('outsider@example.it');
    const files = t.app.services.files;
    const members = new Set([sender.id, member.id]);
    files.setRoomAccessResolver(async (actor, roomId) => roomId === ROOM && members.has(actor.userId));

    await expect(files.beginUpload({ actor: actorOf(outsider.id), ip: '127.0.0.1', userAgent: null }, { roomId: ROOM })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const batch = await files.beginUpload({ actor: actorOf(sender.id), ip: '127.0.0.1', userAgent: null }, { roomId: ROOM });
    await batch.add(Readable.from([await pdfOf()]), '0', { name: 'preventivo.pdf' });
    const [item] = await batch.commit();
    expect(item).toMatchObject({ name: 'preventivo.pdf', mime: 'application/pdf' });

    const download = (cookie: string) => t.app.inject({ method: 'GET', url: `/api/docs/download?path_0=${item!.path}`, headers: { cookie } });
    expect((await download(member.cookie)).statusCode).toBe(200);
    expect((await download(sender.cookie)).statusCode).toBe(200);
    const refused = await download(outsider.cookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(FILE_MSG.fileNotFound);
    // Room files are not listed among the sender's documents.
    expect((await t.app.inject({ method: 'GET', url: '/api/docs', headers: { cookie: sender.cookie } })).json().total).toBe(0);
  });
});
