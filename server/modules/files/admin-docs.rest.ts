import type { FastifyInstance } from 'fastify';
import { CONTRACT_MSG, ZAdminDocsQuery, ZAdminDocUploadQuery, ZSetDocAudienceRequest } from '../../../shared/schemas/contract';
import { FILE_MSG } from '../../../shared/schemas/files';
import { withTotalCount } from '../../platform/rest-conventions';
import { parseInput } from '../../platform/validate';
import { receiveUpload, uploadSupport } from './uploads';

/**
 * The admin documents page (/admin/documenti). Deleting a published document goes through DELETE /api/docs/delete;
 * users read what is published to them through GET /api/docs.
 */
export const adminDocsRest = async (app: FastifyInstance) => {
  const { adminDocs, files } = app.services;
  await app.register(uploadSupport, { limits: files.uploadLimits });

  /** ?audience=all|roles|users|none&roles=corner,broker&userIds=…&docType=contract-template|other; multipart file0..N, m0..N. */
  app.post('/api/admin/docs/upload', async (request) => {
    // Checked before a byte is read: non-admins and bad audiences store nothing.
    const target = await adminDocs.uploadTarget(request.ctx, parseInput(ZAdminDocUploadQuery, request.query));
    const { files: stored } = await receiveUpload(request, target);
    return { message: FILE_MSG.uploaded, files: await adminDocs.afterUpload(request.ctx, stored) };
  });

  app.get('/api/admin/docs', async (request, reply) => withTotalCount(reply, await adminDocs.list(request.ctx, parseInput(ZAdminDocsQuery, request.query))));

  app.patch('/api/admin/docs/audience', async (request) => {
    const file = await adminDocs.setAudience(request.ctx, parseInput(ZSetDocAudienceRequest, request.body));
    return { message: CONTRACT_MSG.audienceUpdated, file };
  });
};
