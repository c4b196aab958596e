import type { IncomingMessage } from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app';
import { createJobRunner, type TJobRunner } from './jobs';
import { JOB_REQUEST_ID_KEY, requestIdGenerator, requestIdLogMixin, runAsRequest } from './request-context';

const t = useTestApp();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request id', () => {
  it('is unique per request, sent back as X-Request-Id, and carried by the e-mail job the request queued', async () => {
    await t.createUser({ email: 'corner@example.it', password: 'Segreta123' });
    const first = await t.app.inject({ method: 'GET', url: '/api/health' });
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/recover-password', payload: { email: 'corner@example.it' } });
    expect(response.statusCode).toBe(200);
    const requestId = response.headers['x-request-id'];
    expect(requestId).toMatch(UUID);
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(first.headers['x-request-id']).not.toBe(requestId);

    // Sent all the same: the handler gets its payload without the id.
    const mails = await t.readMails();
    expect(mails).toHaveLength(1);
    const jobs = await t.database.db.selectFrom('jobs').select(['name', 'payload', 'state']).where('name', '=', 'email.send').execute();
    expect(jobs).toEqual([{ name: 'email.send', payload: expect.objectContaining({ [JOB_REQUEST_ID_KEY]: requestId }), state: 'done' }]);
  });

  it("takes a trusted proxy's X-Request-Id when it looks like one, and makes one otherwise", () => {
    const request = (id: string) => ({ headers: { 'x-request-id': id } }) as unknown as IncomingMessage;
    expect(requestIdGenerator(true)(request('proxy-1234abcd'))).toBe('proxy-1234abcd');
    expect(requestIdGenerator(false)(request('proxy-1234abcd'))).toMatch(UUID);
    expect(requestIdGenerator(true)(request('bad id\nwith a line break'))).toMatch(UUID);
  });

  it('names the request in the logs of the jobs it enqueued and of the jobs those enqueue, not in unrelated ones', async () => {
    const lines: Record<string, unknown>[] = [];
    const logApp = Fastify({ logger: { level: 'debug', mixin: requestIdLogMixin, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } } });
    const db = t.database.db;
    const runner: TJobRunner = createJobRunner({ db, logger: logApp.log, pollMs: 60_000 });
    const seen: unknown[] = [];
    runner.defineJob('ctx.first', async (payload) => {
      seen.push(payload);
      logApp.log.info('first job running');
      await runner.enqueue(db, 'ctx.second', { step: 2 });
    });
    runner.defineJob('ctx.second', async (payload) => {
      seen.push(payload);
      throw new Error('second fails');
    }, { maxAttempts: 1 });
    try {
      // As a route handler would, inside the request's scope (the app's preValidation hook).
      await new Promise<void>((resolve, reject) => runAsRequest('req-test-1', () => void runner.enqueue(db, 'ctx.first', { step: 1 }).then(() => resolve(), reject)));
      await runner.enqueue(db, 'ctx.second', { step: 3 });
      await runner.drain();
      await runner.drain();
    } finally {
      await runner.stop();
      await logApp.close();
    }
    expect(seen).toEqual(expect.arrayContaining([{ step: 1 }, { step: 2 }, { step: 3 }]));
    expect(lines.find((line) => line.msg === 'first job running')).toMatchObject({ reqId: 'req-test-1' });
    const failures = lines.filter((line) => line.job === 'ctx.second');
    expect(failures).toHaveLength(2);
    expect(failures.map((line) => line.reqId).sort()).toEqual(['req-test-1', undefined]);
    expect(lines.find((line) => line.job === 'ctx.first' && line.msg === 'lavoro eseguito')).toMatchObject({ reqId: 'req-test-1' });
  });
});
