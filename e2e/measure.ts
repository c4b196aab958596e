import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

export type TPageWeight = { path: string; scripts: number; rawBytes: number; gzipBytes: number; lcpMs: number; cls: number };

/**
 * Opens `path` in a fresh context (optionally signed in with a cookie) and measures what a first visit costs:
 * every JavaScript file the page loads until the network is idle (raw and gzipped), the Largest Contentful
 * Paint and the Cumulative Layout Shift.
 */
export const measurePage = async (browser: Browser, baseUrl: string, path: string, cookie?: { name: string; value: string }): Promise<TPageWeight> => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'it-IT' });
  if (cookie) await context.addCookies([{ ...cookie, url: baseUrl }]);
  const page = await context.newPage();
  // Each body is read as its answer arrives; one that arrives after the measure (a late chunk) is dropped when the
  // context closes, without an unhandled rejection.
  const bodies: Promise<Buffer | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.ok()) bodies.push(response.body().catch(() => null));
  });
  await page.addInitScript(() => {
    const metrics = { lcp: 0, cls: 0 };
    (window as unknown as { __metrics: typeof metrics }).__metrics = metrics;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) metrics.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) metrics.cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  // LCP is final once the user interacts or the page is hidden; a short settle is enough for a first view.
  await page.waitForTimeout(500);
  const { lcp, cls } = await page.evaluate(() => (window as unknown as { __metrics: { lcp: number; cls: number } }).__metrics);
  const buffers = (await Promise.all(bodies)).filter((body): body is Buffer => body !== null);
  await context.close();
  return {
    path,
    scripts: buffers.length,
    rawBytes: buffers.reduce((sum, body) => sum + body.length, 0),
    gzipBytes: buffers.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
    lcpMs: Math.round(lcp),
    cls: Math.round(cls * 1000) / 1000,
  };
};

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
