import type { TFileItem } from '../../../../shared/schemas/files';

const time = new Intl.DateTimeFormat('it-IT', { hour: '2-digit', minute: '2-digit' });
const dayAndTime = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** "14:05" for today, "04/03/2026, 14:05" otherwise. */
export const formatMessageTime = (date: Date, now: Date = new Date()): string => {
  if (Number.isNaN(date.getTime())) return '';
  const isToday = date.getFullYear() === now.getFullYear() && date.getMonth() === now.getMonth() && date.getDate() === now.getDate();
  return isToday ? time.format(date) : dayAndTime.format(date);
};

/** Spec section 5: previews only for pdf, png, jpg, jpeg; other types offer the download only. */
const PREVIEW_MIME_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg']);
const PREVIEW_EXTENSIONS = /\.(pdf|png|jpe?g)$/i;

export const canPreview = (file: Pick<TFileItem, 'name' | 'mime'>): boolean => PREVIEW_MIME_TYPES.has(file.mime) || PREVIEW_EXTENSIONS.test(file.name);

/** The download address of spec section 7 for one file (path_0, name_0); `inline` opens it in the browser. */
export const fileUrl = (file: Pick<TFileItem, 'name' | 'path'>, inline = false): string => {
  const query = new URLSearchParams({ path_0: file.path, name_0: file.name });
  if (inline) query.set('inline', '1');
  return `/api/docs/download?${query.toString()}`;
};
