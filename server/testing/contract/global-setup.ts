import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { TestProject } from 'vitest/node';
import { modules } from '../../composition/modules';
import { buildOpenApiDocument } from '../../platform/openapi/document';
import { contractRouteDocs } from '../../platform/openapi/openapi.rest';
import { freePort } from '../free-port';
import { REPO_ROOT } from '../server-process';
import { summarise } from './contract-report';
import { ANSWER_HEADER, ID_HEADER, REPLAYED_HEADER, type TContractFileReport } from './contract-types';

const require = createRequire(import.meta.url);

/** The gitignored folder of the run's reports (README, «Every live call checked against the contract»). */
export const CONTRACT_REPORT_DIR = path.join(REPO_ROOT, 'test-results', 'contract');

type TAnswer = { statusCode: number; headers: [string, string][]; body: Buffer };

/**
 * Prism's upstream: answers each call Prism forwards with the app's answer the test file recorded under its
 * `x-contract-id` (server/testing/contract/contract-proxy.ts), and takes those answers on `PUT /__contract/answers/:id`.
 */
const startAnswerStore = async () => {
  const answers = new Map<string, TAnswer>();
  const server = http.createServer({ maxHeaderSize: 1024 * 1024 }, (request, response) => {
    const stored = /^\/__contract\/answers\/([\w-]+)$/.exec(request.url ?? '');
    if (stored && request.method === 'PUT') {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const meta = JSON.parse(Buffer.from(String(request.headers[ANSWER_HEADER]), 'base64url').toString('utf8')) as Omit<TAnswer, 'body'>;
        answers.set(stored[1]!, { ...meta, body: Buffer.concat(chunks) });
        response.writeHead(204).end();
      });
      return;
    }
    if (stored && request.method === 'DELETE') {
      answers.delete(stored[1]!);
      response.writeHead(204).end();
      return;
    }
    // The body Prism forwards is drained and left unused: it may differ from the test's (Prism re-serialises JSON,
    // reads other bodies as text), and the recorded answer is the app's answer to the test's own bytes.
    request.resume();
    request.on('end', () => {
      const id = String(request.headers[ID_HEADER] ?? '');
      const answer = answers.get(id);
      answers.delete(id);
      if (!answer) {
        response.writeHead(599, { 'content-type': 'text/plain' }).end(`no recorded answer for ${ID_HEADER} "${id}"`);
        return;
      }
      const headers: string[] = [];
      for (const [name, value] of answer.headers) headers.push(name, value);
      headers.push(REPLAYED_HEADER, '1');
      const bodiless = answer.statusCode === 204 || answer.statusCode === 304 || request.method === 'HEAD';
      if (!bodiless) headers.push('content-length', String(answer.body.length));
      response.writeHead(answer.statusCode, headers);
      response.end(bodiless ? undefined : answer.body);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

const waitForPort = async (port: number, exited: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error('Prism exited before listening (see test-results/contract/prism.log)');
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Prism did not listen on port ${port} within ${timeoutMs} ms`);
};

/**
 * Global setup of the contract check (the pglite suite with CONTRACT_CHECK=1, as in CI and `npm run test:contract`):
 * writes the OpenAPI document the app serves, starts the answer store and one `prism proxy` on it for the whole run,
 * and at the end sums up every file's calls in test-results/contract/report.json.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const startedAt = Date.now();
  await fsp.rm(CONTRACT_REPORT_DIR, { recursive: true, force: true });
  await fsp.mkdir(path.join(CONTRACT_REPORT_DIR, 'files'), { recursive: true });
  // The document GET /api/openapi.json serves (server/app.ts builds it from the same entries).
  const document = buildOpenApiDocument(contractRouteDocs(modules), { version: '0.0.0', serverUrl: 'http://localhost:3000' });
  const documentPath = path.join(CONTRACT_REPORT_DIR, 'openapi.json');
  await fsp.writeFile(documentPath, JSON.stringify(document, null, 2));

  const store = await startAnswerStore();
  const port = await freePort();
  const log = fs.openSync(path.join(CONTRACT_REPORT_DIR, 'prism.log'), 'w');
  const cli = path.join(path.dirname(require.resolve('@stoplight/prism-cli/package.json')), 'dist', 'index.js');
  const prism = spawn(process.execPath, [cli, 'proxy', documentPath, store.url, '--port', String(port), '--host', '127.0.0.1', '--cors=false', '--errors=false', '--verboseLevel', 'warn'], {
    stdio: ['ignore', log, log],
  });
  let exited = false;
  prism.once('exit', () => {
    exited = true;
  });
  const stop = async () => {
    if (!exited) {
      prism.kill('SIGTERM');
      await once(prism, 'exit');
    }
    fs.closeSync(log);
    await store.close();
  };
  try {
    await waitForPort(port, () => exited, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  const prismStartMs = Date.now() - startedAt;
  project.provide('contractProxy', { prismUrl: `http://127.0.0.1:${port}`, storeUrl: store.url, reportDir: CONTRACT_REPORT_DIR });

  return async () => {
    await stop();
    const folder = path.join(CONTRACT_REPORT_DIR, 'files');
    const reports: TContractFileReport[] = [];
    for (const name of await fsp.readdir(folder)) reports.push(JSON.parse(await fsp.readFile(path.join(folder, name), 'utf8')) as TContractFileReport);
    const summary = summarise(document, reports, { prismStartMs, runMs: Date.now() - startedAt });
    await fsp.writeFile(path.join(CONTRACT_REPORT_DIR, 'report.json'), JSON.stringify(summary, null, 2));
    process.stdout.write(
      `\ncontract: ${summary.totals.calls} REST calls in ${summary.totals.files} files (and ${summary.totals.outsideApi} outside /api/), ${summary.totals.checked} checked by Prism; ` +
        `${summary.totals.violations} violations, ${summary.totals.expected} expected request violations on 4xx answers, ${summary.totals.unchecked} not checked ` +
        `(test-results/contract/report.json)\n`,
    );
  };
}
