/** What the viewer does with a file: show it (image, video, audio, pdf) or offer a download link (other). */
export type TViewerKind = 'image' | 'video' | 'audio' | 'pdf' | 'other';

/** The lower-case extension of a name ("Contratto.PDF" -> "pdf"), or '' when it has none. */
export const extensionOf = (name: string): string => {
  const base = name.split(/[/\\]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : '';
};

/** The picked-file name of spec section 3: "carta.identita.pdf" -> "carta.identita"; a dot file keeps its name. */
export const nameWithoutExtension = (name: string): string => {
  const base = name.split(/[/\\]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
};

const MIME_EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
};

/**
 * The file's type as the widgets see it: the stored mime type when known (names are renamed at will, the server
 * recognised the content), else the name's extension.
 */
export const fileExtension = (file: { name: string; mime?: string | null }): string =>
  (file.mime ? MIME_EXTENSIONS[file.mime.toLowerCase()] : undefined) ?? extensionOf(file.name);

/** Spec section 5: previews only for pdf, png, jpg and jpeg; other types offer download only. */
const PREVIEW_EXTENSIONS = new Set(['pdf', 'png', 'jpg', 'jpeg']);
export const isPreviewable = (file: { name: string; mime?: string | null }): boolean => PREVIEW_EXTENSIONS.has(fileExtension(file));

/** Spec section 2: images (png, jpg, jpeg, gif), video (mp4, webm), audio (mp3, wav) and PDF; others get a link. */
export const viewerKind = (file: { name: string; mime?: string | null }): TViewerKind => {
  const extension = fileExtension(file);
  if (['png', 'jpg', 'jpeg', 'gif'].includes(extension)) return 'image';
  if (['mp4', 'webm'].includes(extension)) return 'video';
  if (['mp3', 'wav'].includes(extension)) return 'audio';
  if (extension === 'pdf') return 'pdf';
  return 'other';
};

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** "532 B", "1,2 MB": one decimal from KB up, Italian comma. */
export const formatFileSize = (bytes: number | null | undefined): string => {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = unit === 0 ? String(value) : (Math.round(value * 10) / 10).toLocaleString('it-IT', { maximumFractionDigits: 1 });
  return `${text} ${SIZE_UNITS[unit]}`;
};
