import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { buildUploadForm, uploadToRoom } from './api/chat-api';

/** Just enough of XMLHttpRequest for the HTTP helper's upload path; the test plays the network. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers = new Map<string, string>();
  body: unknown = null;
  status = 0;
  statusText = '';
  responseText = '';
  responseHeaders = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(key: string, value: string) {
    this.headers.set(key, value);
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  getAllResponseHeaders() {
    return this.responseHeaders;
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.responseHeaders = 'content-type: application/json; charset=utf-8\r\nx-other: 1\r\n';
    this.onload?.();
  }
}

const message = { id: '7', roomId: 'r', text: '', createdAt: '2026-03-05T10:00:00.000Z', sender: { id: 'u', name: 'Mario' }, ack: false, upload: [], clientId: 'abcdefgh12' };

describe('chat upload through the HTTP helper (progress and abort, spec section 7)', () => {
  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    vi.stubGlobal('window', { location: { pathname: '/' }, sessionStorage: { getItem: () => null } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('posts the multipart form to /api/chat/upload?roomId=, reports progress and answers the message', async () => {
    const progress: number[] = [];
    const form = buildUploadForm([new File(['%PDF'], 'a.pdf')], { text: '', clientId: 'abcdefgh12' });
    const pending = uploadToRoom('room-1', form, { onProgress: (fraction) => progress.push(fraction) });
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url, xhr.body]).toEqual(['POST', '/api/chat/upload?roomId=room-1', form]);
    expect(xhr.headers.has('content-type')).toBe(false);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    xhr.answer(200, { message: 'File caricato.', data: message });
    // The date becomes a Date, as the router's are.
    await expect(pending).resolves.toEqual({ message: 'File caricato.', data: { ...message, createdAt: new Date(message.createdAt) } });
    expect(progress).toEqual([0.25, 1]);
  });

  it('fails with the API error of the answer, "Request aborted" on abort and "Network error" when the connection drops', async () => {
    const form = buildUploadForm([new File(['x'], 'a.pdf')], { text: '', clientId: 'abcdefgh12' });
    const refused = uploadToRoom('room-1', form, {});
    FakeXhr.last!.answer(413, { message: 'File troppo grande.', type: 'warn' });
    await expect(refused).rejects.toMatchObject({ status: 413, message: 'File troppo grande.', type: 'warn' });

    const controller = new AbortController();
    const aborted = uploadToRoom('room-1', form, { signal: controller.signal });
    controller.abort();
    const abortError = await aborted.catch((error: unknown) => error);
    expect(abortError).toBeInstanceOf(ApiError);
    expect(abortError).toMatchObject({ message: 'Request aborted', isAborted: true });

    const dropped = uploadToRoom('room-1', form, {});
    FakeXhr.last!.onerror?.();
    await expect(dropped).rejects.toMatchObject({ message: 'Network error', isAborted: false, status: 0 });
  });
});
