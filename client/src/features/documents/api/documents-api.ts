import type { TContractOtpResponse, TContractStatus, TSignContractResponse } from '../../../../../shared/schemas/contract';
import type { TFileItem, TFileList } from '../../../../../shared/schemas/files';
import { http } from '../../../lib/http';

/** Dates travel as ISO strings over REST: the wire shapes of the contract answers. */
type TWire<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] extends object | null ? TWire<T[K]> : T[K] };

export type TWireContractStatus = TWire<TContractStatus>;
export type TWireOtpResponse = TWire<TContractOtpResponse>;

export const DOCUMENTS_QUERY_KEY = ['documents'] as const;
export const CONTRACT_STATUS_QUERY_KEY = ['documents', 'contract'] as const;

/** The server pages GET /api/docs by at most 100; the documents page reads them all (a corner has a few dozen). */
const PAGE_LIMIT = 100;
const MAX_PAGES = 10;

/** Every document the caller sees (own and published), newest first. */
export const listAllDocuments = async (signal?: AbortSignal): Promise<TFileItem[]> => {
  const all: TFileItem[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await http.get<TFileList>('/api/docs', { query: { page, limit: PAGE_LIMIT }, signal });
    all.push(...answer.list);
    if (all.length >= answer.total || answer.list.length < PAGE_LIMIT) break;
  }
  return all;
};

/** GET /api/docs/contract: where the contract stands, with the code being waited for. */
export const getContractStatus = (signal?: AbortSignal) => http.get<TWireContractStatus>('/api/docs/contract', { signal });

/** GET /api/docs/contract/preview: the unsigned contract to read before asking for a code (PDF, inline). */
export const CONTRACT_PREVIEW_URL = '/api/docs/contract/preview';
/** The same PDF as an attachment. */
export const CONTRACT_PREVIEW_DOWNLOAD_URL = `${CONTRACT_PREVIEW_URL}?download=1`;

/** POST /api/docs/contract/otp: sends a 6-digit code (429 when asked again too soon). */
export const requestContractOtp = () => http.post<TWireOtpResponse>('/api/docs/contract/otp');

/** POST /api/docs/contract/sign {otp}. */
export const signContract = (otp: string) => http.post<TWire<TSignContractResponse>>('/api/docs/contract/sign', { otp });
