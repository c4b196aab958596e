import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../server/testing/start-test-server';
import { hasBrowser, launchBrowser } from './browser';
import { kb, measurePage } from './measure';

/** Budgets of issue 3: initial JavaScript for /accedi at most 170 KB gzipped; LCP <= 2.5 s and CLS <= 0.1. */
describe.skipIf(!hasBrowser)('performance budgets', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: Browser;
  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('keeps /accedi within 170 KB of gzipped JavaScript, LCP 2.5 s and CLS 0.1', async () => {
    const weight = await measurePage(browser, server.url, '/accedi');
    console.log(`/accedi: ${weight.scripts} scripts, ${kb(weight.gzipBytes)} gzip (${kb(weight.rawBytes)} raw), LCP ${weight.lcpMs} ms, CLS ${weight.cls}`);
    expect(weight.scripts).toBeGreaterThan(0);
    expect(weight.gzipBytes).toBeLessThanOrEqual(170 * 1024);
    expect(weight.lcpMs).toBeGreaterThan(0);
    expect(weight.lcpMs).toBeLessThanOrEqual(2500);
    expect(weight.cls).toBeLessThanOrEqual(0.1);
  });
});
