import type { TUploadResponse } from '../../../../shared/schemas/files';
import { http } from '../../lib/http';
import { buildUploadForm, type TPickedFile } from './picked-file';

export type TUploadOptions = {
  /** The upload endpoint: the caller's documents by default. */
  url?: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
};

/** Multipart upload of picked files (file0..N, m0..N, body) with progress and abort. */
export const uploadFiles = (files: readonly TPickedFile[], options: TUploadOptions = {}) =>
  http.post<TUploadResponse>(options.url ?? '/api/docs/upload', buildUploadForm(files, options.body), {
    query: options.query,
    signal: options.signal,
    onUploadProgress: options.onProgress ?? (() => undefined),
  });
