import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { beforeEach, describe, expect, it } from 'vitest';
import { FILE_MSG } from '../../../shared/schemas/files';
import { useTestApp } from '../../testing/test-app';
import { createTrpcHttpCaller } from '../../testing/trpc-inject-client';
import { pdfOf } from './files.fixtures';

const t = useTestApp();
beforeEach(async () => {
  await fs.rm(path.join(t.config.dataDir, 'files'), { recursive: true, force: true });
});
const PASSWORD = 'Segreta123';

const callerOf = async (email: string, role: 'admin' | 'corner' = 'corner') => {
  const { id } = await t.createUser({ email, password: PASSWORD, role });
  return { id, trpc: await createTrpcHttpCaller(t, email, PASSWORD) };
};

const storeFor = async (userId: string, name: string, options: { allowDelete?: boolean; allowEdit?: boolean } = {}) =>
  t.app.services.files.storeFile(userId, Readable.from([await pdfOf()]), { name, ...options });

describe('tRPC files.rename and files.delete (the client’s rename and delete; REST twins PATCH /api/docs/rename, DELETE /api/docs/delete)', () => {
  it('renames and deletes the owner’s file with the messages of the REST routes', async () => {
    const owner = await callerOf('corner@example.it');
    const file = await storeFor(owner.id, 'vecchio.pdf');
    expect(await owner.trpc.files.rename.mutate({ path: file.path, name: 'nuovo.pdf' })).toMatchObject({ message: FILE_MSG.renamed, file: { path: file.path, name: 'nuovo.pdf' } });
    expect((await owner.trpc.files.list.query({ page: 1, limit: 10 })).list.map((item) => item.name)).toEqual(['nuovo.pdf']);
    expect(await owner.trpc.files.delete.mutate({ path: file.path })).toEqual({ message: FILE_MSG.deleted });
    expect((await owner.trpc.files.list.query({ page: 1, limit: 10 })).total).toBe(0);
  });

  it('answers another user 404 and a protected file 403, with the REST messages', async () => {
    const owner = await callerOf('owner@example.it');
    const other = await callerOf('other@example.it');
    const file = await storeFor(owner.id, 'a.pdf');
    await expect(other.trpc.files.delete.mutate({ path: file.path })).rejects.toMatchObject({ data: { httpStatus: 404 } });
    await expect(other.trpc.files.rename.mutate({ path: file.path, name: 'b.pdf' })).rejects.toMatchObject({ data: { httpStatus: 404 } });
    const contract = await storeFor(owner.id, 'Contratto firmato', { allowDelete: false, allowEdit: false });
    await expect(owner.trpc.files.delete.mutate({ path: contract.path })).rejects.toMatchObject({ message: FILE_MSG.deleteForbidden, data: { httpStatus: 403 } });
    await expect(owner.trpc.files.rename.mutate({ path: contract.path, name: 'b.pdf' })).rejects.toMatchObject({ message: FILE_MSG.renameForbidden, data: { httpStatus: 403 } });
  });
});
