import Fastify from 'fastify';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { multipart } from '../../modules/files/files.fixtures';
import { checkContract, isExpectedViolation, prismReadableMultipart, takeContractCalls } from './contract-proxy';

// The contract run's own check (npm run test:contract; skipped in the other runs): a call through Prism is checked,
// the test still gets the app's own answer, and a wrong answer or an accepted wrong request is caught. The app here is
// a stand-in that breaks the published document on purpose; its calls are taken away before the file ends, so that
// they do not fail it.
const inContractRun = process.env.CONTRACT_PROXY === '1' && inject('contractProxy') !== undefined;

describe.skipIf(!inContractRun)('the contract run (Prism in proxy mode)', () => {
  const app = Fastify();
  app.setErrorHandler((_error, _request, reply) => reply.status(400).send({ message: 'Richiesta non valida.', type: 'default', code: 'BAD_REQUEST' }));
  app.get('/api/health', async (request, reply) => {
    if (request.query && (request.query as { wrong?: string }).wrong) return { status: 'ko' };
    return reply.header('set-cookie', ['a=1; Path=/', 'b=2; Path=/']).send({ status: 'ok', database: 'pglite' });
  });
  app.post('/api/auth/login', async (request, reply) => {
    const body = request.body as { accept?: boolean };
    if (body.accept) return reply.status(200).send({ unexpected: true });
    return reply.status(400).send({ message: 'Dati non validi.', type: 'default', code: 'VALIDATION' });
  });
  checkContract(app);
  afterAll(async () => {
    await takeContractCalls();
    await app.close();
  });

  it('checks a call and answers with the app’s own answer (both cookies, not joined as Prism does)', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok', database: 'pglite' });
    expect(response.cookies.map((cookie) => cookie.name)).toEqual(['a', 'b']);
    expect((await takeContractCalls()).calls).toEqual([{ method: 'GET', url: '/api/health', status: 200, checked: true, violations: [], expected: [] }]);
  });

  it('finds an answer that does not match the document', async () => {
    await app.inject({ method: 'GET', url: '/api/health?wrong=1' });
    const [call] = (await takeContractCalls()).calls;
    expect(call?.violations.map((violation) => violation.location.join('.'))).toContain('response.body');
  });

  it('expects a wrong request the app refuses with a 4xx, and counts one it accepts', async () => {
    await app.inject({ method: 'POST', url: '/api/auth/login', payload: { accept: false } });
    await app.inject({ method: 'POST', url: '/api/auth/login', payload: { accept: true } });
    // Checked in the background: in the order their checks ended.
    const { calls } = await takeContractCalls();
    const [refused, accepted] = [calls.find((call) => call.status === 400), calls.find((call) => call.status === 200)];
    expect(refused?.violations).toEqual([]);
    expect(refused?.expected.some((violation) => violation.location.join('.').startsWith('request.body'))).toBe(true);
    expect(accepted?.violations.some((violation) => violation.location[0] === 'request')).toBe(true);
    expect(accepted?.violations.some((violation) => violation.location[0] === 'response')).toBe(true);
  });

  it('still checks the answer to a malformed JSON body, which Prism cannot parse', async () => {
    await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    const [call] = (await takeContractCalls()).calls;
    expect(call).toMatchObject({ status: 400, checked: true, note: 'malformed JSON body: sent to Prism as text/plain', violations: [] });
  });
});

describe('which violations the contract expects', () => {
  it('a request violation on a 4xx refusal, never one on the answer', () => {
    const request = { location: ['request', 'body'], severity: 'Error', message: 'required' };
    const response = { location: ['response', 'body'], severity: 'Error', message: 'required' };
    expect(isExpectedViolation(request, 400)).toBe(true);
    expect(isExpectedViolation(request, 401)).toBe(true);
    expect(isExpectedViolation(request, 200)).toBe(false);
    expect(isExpectedViolation(request, 500)).toBe(false);
    expect(isExpectedViolation(response, 400)).toBe(false);
  });
});

describe('the copy of a multipart body Prism gets', () => {
  it('keeps a readable body as it is, and makes a hostile filename or a file part without type readable', () => {
    const plain = multipart([{ kind: 'field', field: 'name', value: 'Contratto' }, { kind: 'file', field: 'file0', filename: 'a.pdf', content: Buffer.from([0, 255, 1]) }]);
    expect(prismReadableMultipart(plain.payload, plain.headers['content-type'])).toEqual({ body: plain.payload, changed: false });
    const hostile = multipart([{ kind: 'file', field: 'file0', filename: 'con\u0000tratto;x=1.pdf', content: Buffer.from([0, 255, 1]), contentType: 'application/pdf' }]);
    const copy = prismReadableMultipart(hostile.payload, hostile.headers['content-type']);
    expect(copy.changed).toBe(true);
    expect(copy.body.toString('latin1')).toContain('Content-Disposition: form-data; name="file0"; filename="con_tratto_x_1.pdf"\r\nContent-Type: application/pdf\r\n\r\n\u0000\u00ff\u0001\r\n');
    const untyped = Buffer.from('--b\r\nContent-Disposition: form-data; name="file0"; filename="a.pdf"\r\n\r\nx\r\n--b--\r\n');
    expect(prismReadableMultipart(untyped, 'multipart/form-data; boundary=b').body.toString()).toContain('filename="a.pdf"\r\nContent-Type: application/octet-stream\r\n\r\nx');
  });
});
