import { ApiError, toApiError } from './api-error';
import { getImpersonationToken } from './impersonation-storage';
import { followRedirectHeader } from './redirect-header';

type TQueryValue = string | number | boolean | null | undefined;

export type TRequestOptions = {
  /** JSON-serialisable body, or FormData sent as multipart. */
  body?: unknown;
  /** Values for `:name` placeholders in the path. */
  params?: Record<string, string | number>;
  query?: Record<string, TQueryValue>;
  signal?: AbortSignal;
  /** Upload progress (0 to 1) of a FormData body; such a request goes through XMLHttpRequest, which reports it. */
  onUploadProgress?: (fraction: number) => void;
};

const buildUrl = (path: string, options: TRequestOptions): string => {
  const withParams = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (match, name: string) => {
    const value = options.params?.[name];
    return value === undefined ? match : encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const queryString = search.toString();
  return queryString ? `${withParams}?${queryString}` : withParams;
};

const buildInit = (method: string, options: TRequestOptions): RequestInit => {
  const headers = new Headers({ Accept: 'application/json' });
  const token = getImpersonationToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  return { method, headers, body, credentials: 'same-origin', signal: options.signal };
};

const readBody = async (response: Response): Promise<unknown> => {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const isJson = response.headers.get('Content-Type')?.includes('json') ?? false;
  if (!isJson) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const toTransportError = (error: unknown, status = 0): ApiError => {
  const isAborted = error instanceof DOMException && error.name === 'AbortError';
  return new ApiError({ status, message: isAborted ? 'Request aborted' : 'Network error', isAborted });
};

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** fetch has no upload progress: the same request through XMLHttpRequest, answered as a fetch Response. */
const sendWithProgress = (url: string, init: RequestInit, onProgress: (fraction: number) => void): Promise<Response> =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const signal = init.signal;
    const abortError = () => new DOMException('The request was aborted', 'AbortError');
    if (signal?.aborted) return reject(abortError());
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.open(init.method ?? 'GET', url);
    new Headers(init.headers).forEach((value, key) => xhr.setRequestHeader(key, value));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      settle();
      onProgress(1);
      const headers = new Headers();
      for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      resolve(new Response(NULL_BODY_STATUSES.has(xhr.status) ? null : xhr.responseText, { status: xhr.status, statusText: xhr.statusText, headers }));
    };
    xhr.onerror = () => {
      settle();
      reject(new TypeError('Network error'));
    };
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    xhr.send(init.body as XMLHttpRequestBodyInit | null);
  });

/**
 * Calls the literal REST API; resolves with the parsed body or throws an `ApiError`. The client's queries and
 * mutations go through tRPC (lib/trpc-client.ts): this serves the multipart uploads, with progress and abort.
 */
export const request = async <T>(method: string, path: string, options: TRequestOptions = {}): Promise<T> => {
  let response: Response;
  try {
    const url = buildUrl(path, options);
    const init = buildInit(method, options);
    response = options.onUploadProgress && options.body instanceof FormData ? await sendWithProgress(url, init, options.onUploadProgress) : await fetch(url, init);
  } catch (error) {
    throw toTransportError(error);
  }
  followRedirectHeader(response);
  let body: unknown;
  try {
    body = await readBody(response);
  } catch (error) {
    throw toTransportError(error, response.status);
  }
  if (!response.ok) throw toApiError(response.status, body);
  return body as T;
};

export const http = {
  get: <T>(path: string, options?: TRequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: TRequestOptions) => request<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: TRequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, body?: unknown, options?: TRequestOptions) => request<T>('DELETE', path, { ...options, body }),
};
