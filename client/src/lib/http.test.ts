import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { http } from './http';
import { setRedirectHandler } from './redirect-header';

type TStubWindow = { location: { pathname: string }; sessionStorage: Map<string, string> & { getItem: (key: string) => string | null } };

const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('http', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let stubWindow: TStubWindow;

  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const storage = new Map<string, string>() as TStubWindow['sessionStorage'];
    storage.getItem = (key) => storage.get(key) ?? null;
    stubWindow = { location: { pathname: '/clienti' }, sessionStorage: storage };
    vi.stubGlobal('window', stubWindow);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('fills path parameters and the query, sends JSON with the session cookie and returns the parsed body', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { id: 'r1' }));

    const body = await http.post<{ id: string }>('/api/chat/:roomId', { text: 'ciao' }, { params: { roomId: 'a b' }, query: { page: 1, skip: undefined } });

    expect(body).toEqual({ id: 'r1' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/chat/a%20b?page=1');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"text":"ciao"}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    expect(new Headers(init.headers).has('Authorization')).toBe(false);
  });

  it('sends the stored impersonation token as a bearer header', async () => {
    stubWindow.sessionStorage.set('impersonationToken', 'tok-123');
    fetchMock.mockResolvedValue(jsonResponse(200, {}));

    await http.get('/api/auth/me');

    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok-123');
  });

  it('turns an error answer into an ApiError with status, message, type and fields', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { message: 'Dati non validi', type: 'warn', fields: { vat: ['Partita IVA non valida.'] } }));

    const error = await http.post('/api/auth/register', {}).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Dati non validi', type: 'warn', fields: { vat: ['Partita IVA non valida.'] } });
  });

  it('reports a failed connection as "Network error" and an abort as "Request aborted"', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(http.get('/api/news')).rejects.toMatchObject({ status: 0, message: 'Network error' });

    fetchMock.mockRejectedValueOnce(new DOMException('The operation was aborted.', 'AbortError'));
    await expect(http.get('/api/news')).rejects.toMatchObject({ status: 0, message: 'Request aborted', isAborted: true });
  });

  it('follows a redirect header, except on the public routes', async () => {
    const redirect = vi.fn();
    setRedirectHandler(redirect);
    fetchMock.mockImplementation(async () => jsonResponse(200, {}, { redirect: '/profilo' }));

    await http.get('/api/auth/me');
    expect(redirect).toHaveBeenCalledWith('/profilo');

    redirect.mockClear();
    stubWindow.location.pathname = '/accedi';
    await http.get('/api/auth/me');
    expect(redirect).not.toHaveBeenCalled();
  });
});
