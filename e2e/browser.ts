import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startTestServer } from '../server/testing/start-test-server';

type TTestServer = Awaited<ReturnType<typeof startTestServer>>;

/** Debian's Chromium: `npx playwright install` cannot run here (see design.md, Tests). */
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Browser suites run when Chromium is installed (`apt-get install -y chromium`; .ci/run does it). Without it
 * they are skipped with a notice, unless REQUIRE_BROWSER=1 (CI), where a missing browser fails the run.
 */
export const hasBrowser = existsSync(executablePath) || process.env.REQUIRE_BROWSER === '1';
if (!hasBrowser) {
  console.warn(`Chromium not found at ${executablePath}: browser tests skipped (install Debian's chromium package to run them).`);
}

export const launchBrowser = (): Promise<Browser> => chromium.launch({ executablePath, args: CHROMIUM_ARGS });

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

const screenshotDir = fileURLToPath(new URL('./screenshots/', import.meta.url));

/**
 * Whether the journeys save their pictures: for a person to look at how pages render, so not in CI, where nobody
 * looks and the 80-odd full-page PNGs cost a minute of CPU on a loaded machine (E2E_SCREENSHOTS=1 forces them).
 */
export const savesScreenshots = process.env.E2E_SCREENSHOTS === '1' || !process.env.CI;

/** Full-page picture in e2e/screenshots/ (gitignored), to look at how a page renders; none in CI. */
export const saveScreenshot = async (page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> => {
  if (!savesScreenshots) return;
  await fs.mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: options.fullPage ?? true });
};

type TViewport = { width: number; height: number };

/**
 * The lifecycle every browser suite shares: one test server and one Chromium per file, a fresh browser context
 * (no cookies, no storage) per test. `openPage(path)` opens `path` on the test server in a new context.
 */
export const useBrowserSuite = (options: { onReady?: (server: TTestServer) => Promise<void> } = {}) => {
  let server: TTestServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    await options.onReady?.(server);
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get server(): TTestServer {
      if (!server) throw new Error('useBrowserSuite: the server exists only inside tests and hooks');
      return server;
    },
    openPage: async (path: string, viewport: TViewport = DESKTOP): Promise<Page> => {
      context = await browser!.newContext({ viewport, locale: 'it-IT' });
      const page = await context.newPage();
      await page.goto(`${server!.url}${path}`);
      return page;
    },
  };
};
