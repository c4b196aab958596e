import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientAddressOf } from './http-context';

// WebSocket upgrades (socket.io, tRPC) see only the raw request: their client address must be the one Fastify gives
// HTTP requests, so that behind the compose file's proxy a socket's session and audit name the user's address.
describe('the client address of a raw request', () => {
  it('is what Fastify answers as request.ip, behind a trusted proxy and without one', async () => {
    for (const trustProxy of [true, false]) {
      const app = Fastify({ trustProxy });
      app.get('/ip', async (request) => ({ fastify: request.ip, raw: clientAddressOf(request.raw, trustProxy) }));
      for (const forwarded of [undefined, '203.0.113.7', '203.0.113.7, 10.0.0.2', ' 198.51.100.4 ,10.0.0.3']) {
        const answer = (await app.inject({ method: 'GET', url: '/ip', headers: forwarded ? { 'x-forwarded-for': forwarded } : {} })).json();
        expect(answer.raw, `${trustProxy} ${forwarded}`).toBe(answer.fastify);
      }
      await app.close();
    }
    const withProxy = Fastify({ trustProxy: true });
    withProxy.get('/ip', async (request) => clientAddressOf(request.raw, true));
    expect((await withProxy.inject({ method: 'GET', url: '/ip', headers: { 'x-forwarded-for': '203.0.113.7, 10.0.0.2' } })).body).toBe('203.0.113.7');
    await withProxy.close();
  });
});
