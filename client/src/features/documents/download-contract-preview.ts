import { CONTRACT_PREVIEW_NAME } from '../../../../shared/schemas/contract';
import { downloadFailedMessage } from '../../components/files/download';
import { toApiError } from '../../lib/api-error';
import { getImpersonationToken } from '../../lib/impersonation-storage';
import { saveFile } from '../../lib/save-file';
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
  const blob = await response.blob();
  saveFile(blob, CONTRACT_PREVIEW_NAME, blob.type);
  return true;
};
