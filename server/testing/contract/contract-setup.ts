import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { REPO_ROOT } from '../server-process';
import { takeContractCalls } from './contract-proxy';
import type { TContractCall, TContractFileReport } from './contract-types';

/**
 * Setup file of the contract check (the pglite suite with CONTRACT_CHECK=1), run before each test file: the file's
 * REST calls go through Prism (contract-proxy.ts); after its tests they are written to test-results/contract/files/,
 * and the file fails when Prism found any violation that is not an expected one (isExpectedViolation).
 */

const describeCall = (call: TContractCall) =>
  `${call.method} ${call.url} → ${call.status}\n${call.violations.map((violation) => `    ${violation.location.join('.')}: ${violation.message}`).join('\n')}`;

beforeAll(async () => {
  await takeContractCalls();
});

afterAll(async ({}, suite) => {
  const { calls, outsideApi } = await takeContractCalls();
  const file = path.relative(REPO_ROOT, 'filepath' in suite ? suite.filepath : suite.file.filepath);
  const proxy = inject('contractProxy');
  if (!proxy) throw new Error('the contract check runs with its global setup (server/testing/contract/global-setup.ts)');
  const report: TContractFileReport = { file, calls, outsideApi };
  await fs.writeFile(path.join(proxy.reportDir, 'files', `${file.replace(/[^\w.-]+/g, '_')}.json`), JSON.stringify(report));
  const broken = calls.filter((call) => call.violations.length > 0);
  if (broken.length > 0) {
    const shown = broken.slice(0, 20).map(describeCall).join('\n');
    throw new Error(`${broken.length} of ${calls.length} REST calls break the OpenAPI contract (Prism):\n${shown}${broken.length > 20 ? '\n...' : ''}`);
  }
});
