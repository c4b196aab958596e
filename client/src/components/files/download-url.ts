import { IMAGE_DEFAULT_QUALITY, IMAGE_DEFAULT_WIDTH, IMAGE_WIDTHS } from '../../../../shared/schemas/files';

export type TDownloadFile = { path: string; name?: string };

/**
 * Spec section 7: GET /api/docs/download with `path_N` and `name_N` for each file N and the archive's `zipName`
 * (used when there is more than one file); `inline` asks for the file to be shown rather than saved.
 */
export const buildDownloadUrl = (files: readonly TDownloadFile[], options: { zipName?: string; inline?: boolean } = {}): string => {
  const search = new URLSearchParams();
  files.forEach((file, index) => {
    search.set(`path_${index}`, file.path);
    if (file.name) search.set(`name_${index}`, file.name);
  });
  if (options.zipName && files.length > 1) search.set('zipName', options.zipName);
  if (options.inline) search.set('inline', '1');
  return `/api/docs/download?${search.toString()}`;
};

/** One file for the viewer (GET /api/docs/file): inline when the browser can show it safely. */
export const buildFileUrl = (path: string): string => `/api/docs/file?${new URLSearchParams({ path }).toString()}`;

/** The smallest width of the fixed list that covers `wanted` CSS pixels (the largest one when none does). */
export const pickImageWidth = (wanted: number): number => {
  const found = IMAGE_WIDTHS.find((width) => width >= wanted);
  return found ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
};

/** Spec section 7: a resized image from /_next/image (default width 360, quality 75). */
export const buildImageUrl = (path: string, width: number = IMAGE_DEFAULT_WIDTH, quality: number = IMAGE_DEFAULT_QUALITY): string =>
  `/_next/image?${new URLSearchParams({ url: path, w: String(pickImageWidth(width)), q: String(quality) }).toString()}`;
