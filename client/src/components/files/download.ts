import { toApiError } from '../../lib/api-error';
import { getImpersonationToken } from '../../lib/impersonation-storage';
import { toast } from '../../lib/toast';
import { buildDownloadUrl, type TDownloadFile } from './download-url';

/** Spec section 9: the hidden download frame is removed after 3 s. */
export const DOWNLOAD_FRAME_TTL_MS = 3000;

/** Spec section 8: the message of a download answered with a status other than 200. */
export const downloadFailedMessage = (statusText: string): string => `Failed to download file: ${statusText}`;

/** Opens `url` in a hidden frame, which saves the attachment, and removes the frame after 3 s. */
export const openInHiddenFrame = (url: string, ttlMs = DOWNLOAD_FRAME_TTL_MS): HTMLIFrameElement => {
  const frame = document.createElement('iframe');
  frame.style.display = 'none';
  frame.setAttribute('aria-hidden', 'true');
  frame.dataset.download = 'true';
  frame.src = url;
  document.body.appendChild(frame);
  window.setTimeout(() => frame.remove(), ttlMs);
  return frame;
};

const readError = async (response: Response): Promise<string | null> => {
  try {
    const text = await response.text();
    const isJson = response.headers.get('Content-Type')?.includes('json') ?? false;
    const error = toApiError(response.status, isJson ? (JSON.parse(text) as unknown) : text);
    return error.isText ? null : error.message;
  } catch {
    return null;
  }
};

/**
 * Checks the download answers 200 (its body is not read: the request is cancelled once the status is known),
 * then hands it to a hidden frame. Any other status shows 'Failed to download file: {status text}' with the
 * server's message, and answers false. An impersonating admin's bearer token cannot ride on a frame, which
 * only sends the cookie; the server answers with the admin's own rights then.
 */
export const downloadUrl = async (url: string): Promise<boolean> => {
  const controller = new AbortController();
  const headers = new Headers();
  const token = getImpersonationToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', signal: controller.signal, headers });
  } catch {
    toast('error', downloadFailedMessage('Network error'));
    return false;
  }
  if (response.status !== 200) {
    const detail = await readError(response);
    toast('error', [downloadFailedMessage(response.statusText || String(response.status)), ...(detail ? [detail] : [])]);
    return false;
  }
  controller.abort();
  openInHiddenFrame(url);
  return true;
};

/** One file as itself, several as one zip named `zipName` (spec section 7). */
export const downloadFiles = (files: readonly TDownloadFile[], zipName?: string): Promise<boolean> =>
  downloadUrl(buildDownloadUrl(files, { zipName }));
