import path from 'node:path';
import { FILE_MSG, type TDownloadQuery, type TFileItem, type TFileList, type TListFilesQuery } from '../../../shared/schemas/files';
import type { TRequestContext } from '../../platform/context';
import { requireActor } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { safeFileName } from './download';
import type { TFileAccess } from './files.access';
import type { TFilesContext } from './files.context';
import type { TDownloadEntry } from './files.model';
import * as repo from './files.repository';
import { createImageRenderer, type TImageAnswer } from './images';

/** Caps of one download request: files and total bytes. */
const DOWNLOAD_MAX_FILES = 200;
const DOWNLOAD_MAX_BYTES = 1024 * 1024 * 1024;

/** Reading files: the caller's list, file items, downloads (checked before a byte is sent), contents and images. */
export const createFileReading = ({ db, config, storage }: TFilesContext, { mayChange, toFileItem, readableRows }: TFileAccess) => {
  const images = createImageRenderer({ cacheDir: path.join(config.dataDir, 'cache', 'images'), clientDir: config.clientDir });

  /**
   * Checks every requested file before a byte is sent, and the caps on count and total size; answers the
   * rows with the names to download them under.
   */
  const prepareDownload = async (
    ctx: TRequestContext,
    files: readonly { path: string; name?: string }[],
    caps: { maxFiles: number; maxBytes: number },
  ): Promise<TDownloadEntry[]> => {
    const actor = requireActor(ctx);
    if (files.length === 0) throw new AppError('VALIDATION', { userMessage: FILE_MSG.downloadNone });
    if (files.length > caps.maxFiles) throw new AppError('VALIDATION', { userMessage: FILE_MSG.downloadTooMany(caps.maxFiles) });
    const rows = await readableRows(
      actor,
      files.map((file) => file.path),
    );
    const total = rows.reduce((sum, row) => sum + Number(row.size), 0);
    if (total > caps.maxBytes) throw new AppError('VALIDATION', { userMessage: FILE_MSG.downloadTooLarge(Math.floor(caps.maxBytes / 1024 / 1024)) });
    return rows.map((row, index) => ({ row, name: files[index]?.name || row.name }));
  };

  return {
    /** The caller's files and those published to them, newest first (documents page). */
    list: async (ctx: TRequestContext, query: TListFilesQuery): Promise<TFileList> => {
      const actor = requireActor(ctx);
      const [rows, total] = await Promise.all([
        repo.listVisibleFiles(db, actor, { limit: query.limit, offset: (query.page - 1) * query.limit, docType: query.docType }),
        repo.countVisibleFiles(db, actor, query.docType),
      ]);
      return { list: rows.map((row) => toFileItem(row, actor)), total };
    },

    /** File items of these paths, each checked for read access (chat messages, documents). */
    describe: async (ctx: TRequestContext, paths: readonly string[]): Promise<TFileItem[]> => {
      const actor = requireActor(ctx);
      const rows = await readableRows(actor, paths);
      return Promise.all(rows.map(async (row) => toFileItem(row, actor, await mayChange(actor, row))));
    },

    /** Checks files before a byte is sent (see above): documents a service reads for the caller (contract). */
    prepareDownload,

    /**
     * GET /api/docs/download: the requested files, each checked (access, at most DOWNLOAD_MAX_FILES files and
     * DOWNLOAD_MAX_BYTES in all) before a byte is sent, the name of their zip, and whether one is shown inline.
     */
    download: async (ctx: TRequestContext, query: TDownloadQuery): Promise<{ entries: TDownloadEntry[]; zipName: string; inline: boolean }> => {
      const entries = await prepareDownload(ctx, query.files, { maxFiles: DOWNLOAD_MAX_FILES, maxBytes: DOWNLOAD_MAX_BYTES });
      const zipName = `${safeFileName((query.zipName ?? 'documenti').replace(/\.zip$/i, ''), 'documenti')}.zip`;
      return { entries, zipName, inline: query.inline };
    },

    /** GET /api/docs/file: one file for the viewer, checked for read access (no cap on its size). */
    viewFile: async (ctx: TRequestContext, path: string): Promise<TDownloadEntry> =>
      (await prepareDownload(ctx, [{ path }], { maxFiles: 1, maxBytes: Number.MAX_SAFE_INTEGER }))[0]!,

    /** A stored file's content (after prepareDownload or describe checked access). */
    openContent: (row: repo.FileRow, range?: { start: number; end: number }, options?: { chunkSize?: number }) => storage.get(row.storage_key, range, options),

    /**
     * GET /_next/image: a stored image the caller may read, or a static image of the client, resized to `width`
     * (never enlarged) in the best format the browser accepts, from the disk cache when already made.
     */
    image: async (ctx: TRequestContext, query: { url: string; w: number; q: number }, accept: string | undefined): Promise<TImageAnswer> => {
      const stored = images.storedFileRef(query.url);
      if (stored) {
        const actor = requireActor(ctx);
        const [row] = await readableRows(actor, [stored]);
        if (!images.isImageMime(row!.mime)) throw new AppError('VALIDATION', { userMessage: FILE_MSG.imageInvalid });
        // A content not on this disk (a bucket) is read whole, and only when a rendition is made.
        const key = row!.storage_key;
        const input = storage.localPath(key) ?? (async () => Buffer.concat(await storage.get(key).toArray()));
        // The stored type was recognised from the content at upload: no need to open the image once more to ask.
        return images.render({ input, cacheKey: `file:${row!.storage_key}`, isPrivate: true, format: row!.mime.slice('image/'.length) }, query, accept);
      }
      return images.render(await images.staticSource(query.url), query, accept);
    },
  };
};
