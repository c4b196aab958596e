import { createHash, randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { FILE_MSG } from '../../../shared/schemas/files';
import { AppError } from '../../platform/errors';

/** Largest source image decoded (pixels): a 50-megapixel photo passes, a decompression bomb does not. */
export const IMAGE_MAX_INPUT_PIXELS = 50_000_000;

/** Source formats resized; anything else (SVG above all, which sharp could render) is refused. */
const SOURCE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff']);
const IMAGE_MIMES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);
const STATIC_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.webp', '.gif', '.avif']);

type TFormat = 'webp' | 'avif' | 'jpeg' | 'png' | 'gif';
const CONTENT_TYPES: Record<TFormat, string> = { webp: 'image/webp', avif: 'image/avif', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };

/**
 * `input`: a file's path, or a loader of its content (a stored file not on this disk), called only when a rendition
 * is made; `format`: the source's format when already known (stored files: recognised from the content at upload).
 */
export type TImageSource = { input: string | (() => Promise<Buffer>); cacheKey: string; isPrivate: boolean; format?: string };
/** A rendition: `body` when just made (sent from memory while the cache file is written), else the cached file. */
export type TImageAnswer = { filePath: string; body?: Buffer; contentType: string; cacheControl: string };

const imageInvalid = () => new AppError('VALIDATION', { userMessage: FILE_MSG.imageInvalid });
const notFound = () => new AppError('NOT_FOUND', { userMessage: FILE_MSG.fileNotFound });

/**
 * Resizes images with sharp into a disk cache keyed by (source, width, quality, format). WebP when the browser
 * accepts it (AVIF only when enabled: its encoder is several times slower), else the source's own format.
 */
export const createImageRenderer = (options: { cacheDir: string; clientDir: string; avif?: boolean }) => {
  const inFlight = new Map<string, Promise<Buffer>>();

  const pickFormat = (accept: string | undefined, source: string): TFormat => {
    const accepts = (accept ?? '').toLowerCase();
    if (options.avif && accepts.includes('image/avif')) return 'avif';
    if (accepts.includes('image/webp')) return 'webp';
    return source === 'jpeg' || source === 'png' || source === 'gif' || source === 'webp' ? source : 'png';
  };

  /** Writes a rendition to the cache (temporary file, then rename: a reader never sees half a file). */
  const store = async (target: string, body: Buffer) => {
    const temp = `${target}.tmp-${randomUUID()}`;
    try {
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.writeFile(temp, body);
      await fsp.rename(temp, target);
    } catch {
      // A cache that cannot be written costs a resize next time, nothing more.
      await fsp.rm(temp, { force: true }).catch(() => undefined);
    }
  };

  const produce = async (input: TImageSource['input'], target: string, width: number, quality: number, format: TFormat) => {
    const body = await sharp(typeof input === 'string' ? input : await input(), { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, animated: format === 'gif' || format === 'webp' })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .toFormat(format, { quality })
      .toBuffer();
    void store(target, body);
    return body;
  };

  return {
    isImageMime: (mime: string) => IMAGE_MIMES.has(mime),

    /** `files/<id>`, `/files/<id>` or `/api/docs/file?path=files/<id>` name a stored file; null otherwise. */
    storedFileRef: (url: string): string | null => {
      const direct = /^\/?(files\/[0-9a-f-]{36})$/i.exec(url);
      if (direct) return direct[1]!.toLowerCase();
      if (url.startsWith('/api/docs/file?')) {
        const ref = new URLSearchParams(url.slice('/api/docs/file?'.length)).get('path') ?? '';
        if (/^files\/[0-9a-f-]{36}$/i.test(ref)) return ref.toLowerCase();
        throw notFound();
      }
      return null;
    },

    /**
     * A same-origin static image of the client (`/images/logo.png`): never another host, never outside
     * CLIENT_DIR, only image extensions.
     */
    staticSource: async (url: string): Promise<TImageSource> => {
      if (!url.startsWith('/') || url.startsWith('//') || /[\\\0]/.test(url) || url.includes('?') || url.includes('#')) throw notFound();
      let decoded: string;
      try {
        decoded = decodeURIComponent(url);
      } catch {
        throw notFound();
      }
      if (/[\\\0]/.test(decoded) || decoded.split('/').some((segment) => segment === '..')) throw notFound();
      const root = path.resolve(options.clientDir);
      const full = path.resolve(root, `.${path.posix.normalize(decoded)}`);
      if (!full.startsWith(root + path.sep) || !STATIC_EXTENSIONS.has(path.extname(full).toLowerCase())) throw notFound();
      const stats = await fsp.stat(full).catch(() => null);
      if (!stats?.isFile()) throw notFound();
      return { input: full, cacheKey: `static:${full}:${stats.size}:${stats.mtimeMs}`, isPrivate: false };
    },

    render: async (source: TImageSource, query: { w: number; q: number }, accept: string | undefined): Promise<TImageAnswer> => {
      let sourceFormat = source.format;
      if (!sourceFormat) {
        try {
          sourceFormat = (await sharp(typeof source.input === 'string' ? source.input : await source.input(), { limitInputPixels: IMAGE_MAX_INPUT_PIXELS }).metadata()).format;
        } catch {
          throw imageInvalid();
        }
      }
      if (!sourceFormat || !SOURCE_FORMATS.has(sourceFormat)) throw imageInvalid();
      const format = pickFormat(accept, sourceFormat);
      const hash = createHash('sha256').update(`${source.cacheKey}\n${query.w}\n${query.q}\n${format}`).digest('hex');
      const target = path.join(options.cacheDir, hash.slice(0, 2), `${hash}.${format}`);
      const cached = await fsp.stat(target).catch(() => null);
      let body: Buffer | undefined;
      if (!cached) {
        // Concurrent requests for the same rendition share one resize.
        let pending = inFlight.get(target);
        if (!pending) {
          pending = produce(source.input, target, query.w, query.q, format).finally(() => inFlight.delete(target));
          inFlight.set(target, pending);
        }
        try {
          body = await pending;
        } catch {
          throw imageInvalid();
        }
      }
      return {
        filePath: target,
        body,
        contentType: CONTENT_TYPES[format],
        cacheControl: source.isPrivate ? 'private, max-age=3600' : 'public, max-age=86400',
      };
    },
  };
};
