import fs from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import {
  FILE_MSG,
  ZDeleteFileRequest,
  ZDownloadQuery,
  ZImageQuery,
  ZListFilesQuery,
  ZRenameFileRequest,
  ZUploadDocsQuery,
  ZViewFileQuery,
} from '../../../shared/schemas/files';
import { contextFromRequest } from '../../platform/http-context';
import { withTotalCount } from '../../platform/rest-conventions';
import { parseInput } from '../../platform/validate';
import { contentDisposition, createZipStream, withExtension, zipAttachmentHeaders } from './download';
import { INLINE_MIME_TYPES } from './file-types';
import type { TDownloadEntry } from './files.service';
import { receiveUpload, uploadSupport } from './uploads';

/** Reads of a zip download: 1 MiB (fewer reads, writes and buffers to collect than the default 64 KiB). */
const ZIP_READ_BYTES = 1024 * 1024;

/** What an inline file may do in the browser: nothing but show itself (no scripts, no requests, no forms). */
const INLINE_CSP = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * One file, as itself. `Range: bytes=…` (one range; what a video player asks for to seek) is answered with 206 and
 * that slice; a range outside the file with 416; several ranges, an `If-Range` (we send no validators) or a
 * malformed header with the whole file, as RFC 9110 allows.
 */
const sendOne = (request: FastifyRequest, reply: FastifyReply, entry: TDownloadEntry, open: (range?: { start: number; end: number }) => NodeJS.ReadableStream, wantsInline: boolean) => {
  const inline = wantsInline && INLINE_MIME_TYPES.has(entry.row.mime);
  const size = Number(entry.row.size);
  reply
    .header('content-type', entry.row.mime)
    .header('accept-ranges', 'bytes')
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', withExtension(entry.name, entry.row.mime)))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-cache');
  if (inline) reply.header('content-security-policy', INLINE_CSP);
  const header = request.headers.range;
  const ranges = header && request.headers['if-range'] === undefined ? parseRange(size, header, { combine: true }) : -2;
  if (ranges === -1) return reply.code(416).header('content-range', `bytes */${size}`).send();
  if (typeof ranges === 'object' && ranges.type === 'bytes' && ranges.length === 1) {
    const { start, end } = ranges[0]!;
    return reply
      .code(206)
      .header('content-range', `bytes ${start}-${end}/${size}`)
      .header('content-length', String(end - start + 1))
      .send(open({ start, end }));
  }
  return reply.header('content-length', String(size)).send(open());
};

/** Literal /api/docs paths and the /_next/image endpoint over the files service. */
export const filesRest = async (app: FastifyInstance) => {
  const { files, auth } = app.services;
  await app.register(uploadSupport, { limits: files.uploadLimits });

  app.get('/api/docs', async (request, reply) => withTotalCount(reply, await files.list(request.ctx, parseInput(ZListFilesQuery, request.query))));

  /**
   * The caller's documents (profile documents, …): multipart file0..N, m0..N, body; ?docType= for all of them;
   * ?subjectType=&subjectId= attach them to a record the caller may change (a client's documents).
   */
  app.post('/api/docs/upload', async (request) => {
    const { docType, subjectType, subjectId } = parseInput(ZUploadDocsQuery, request.query);
    const subject = subjectType && subjectId ? { type: subjectType, id: subjectId } : undefined;
    const { files: stored } = await receiveUpload(request, { docType, subject });
    return { message: FILE_MSG.uploaded, files: stored };
  });

  app.get('/api/docs/download', async (request, reply) => {
    // Every file is checked (access, caps) before the first byte leaves.
    const { entries, zipName, inline } = await files.download(request.ctx, parseInput(ZDownloadQuery, request.query));
    if (entries.length === 1) return sendOne(request, reply, entries[0]!, (range) => files.openContent(entries[0]!.row, range), inline);
    const zip = createZipStream(entries.map((entry) => ({ name: entry.name, mime: entry.row.mime, open: () => files.openContent(entry.row, undefined, { chunkSize: ZIP_READ_BYTES }) })));
    return reply.headers(zipAttachmentHeaders(zipName)).send(zip);
  });

  /** One file for the viewer: inline when the browser can show it safely, else as an attachment. */
  app.get('/api/docs/file', async (request, reply) => {
    const { path, inline } = parseInput(ZViewFileQuery, request.query);
    const entry = await files.viewFile(request.ctx, path);
    return sendOne(request, reply, entry, (range) => files.openContent(entry.row, range), inline);
  });

  app.patch('/api/docs/rename', async (request) => {
    const file = await files.rename(request.ctx, parseInput(ZRenameFileRequest, request.body));
    return { message: FILE_MSG.renamed, file };
  });

  app.delete('/api/docs/delete', async (request) => files.delete(request.ctx, parseInput(ZDeleteFileRequest, request.body)));

  // Not under /api: the session is read here, and only a stored file needs one.
  app.get('/_next/image', async (request, reply) => {
    const ctx = await contextFromRequest(auth, request);
    const query = parseInput(ZImageQuery, request.query);
    const image = await files.image(ctx, query, request.headers.accept);
    reply
      .header('content-type', image.contentType)
      .header('cache-control', image.cacheControl)
      .header('vary', 'Accept')
      .header('x-content-type-options', 'nosniff');
    return reply.send(image.body ?? fs.createReadStream(image.filePath));
  });
};
