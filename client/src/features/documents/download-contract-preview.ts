import { CONTRACT_PREVIEW_NAME } from '../../../../shared/schemas/contract';
import { downloadFailedMessage } from '../../components/files/download';
import { toApiError } from '../../lib/api-error';
import { getImpersonationToken } from '../../lib/impersonation-storage';
import { toast } from '../../lib/toast';
import { CONTRACT_PREVIEW_DOWNLOAD_URL } from './api/documents-api';

/**
 * Saves the unsigned contract. Unlike stored files (a hidden frame, which sends only the cookie) it is fetched
 * with the caller's credentials, an impersonating admin's bearer token included, since the contract is the
 * corner's alone; then saved from memory, as it weighs a few KB. Failures say 'Failed to download file: …'.
 */
export const downloadContractPreview = async (): Promise<boolean> => {
  const token = getImpersonationToken();
  let response: Response;
  try {
    response = await fetch(CONTRACT_PREVIEW_DOWNLOAD_URL, { credentials: 'same-origin', headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    toast('error', downloadFailedMessage('Network error'));
    return false;
  }
  if (response.status !== 200) {
    const detail = await response
      .json()
      .then((body: unknown) => toApiError(response.status, body))
      .then((error) => (error.isText ? null : error.message))
      .catch(() => null);
    toast('error', [downloadFailedMessage(response.statusText || String(response.status)), ...(detail ? [detail] : [])]);
    return false;
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = CONTRACT_PREVIEW_NAME;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the address is freed a little later.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return true;
};
