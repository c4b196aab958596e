import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startTestServer } from '../server/testing/start-test-server';

type TTestServer = Awaited<ReturnType<typeof startTestServer>>;

/** Debian's Chromium: `npx playwright install` cannot run here (see design.md, Tests). */
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];

/**
 * Which Chromium binary drives the journeys: CHROMIUM_PATH when set; else the headless shell of Debian's
 * `chromium-headless-shell` package when installed (.ci/run installs it); else Debian's `chromium` (`/usr/bin/chromium`).
 * Both are Debian builds of the same Chromium. The headless shell is what Playwright itself runs for headless
 * pages: no browser UI, no WebUI renderer, no extensions loaded by the wrapper script. Measured on two journey
 * files (clients-move, admin-dashboard), it renders the same pages with about half the CPU (32 s against 58 s).
 * CI runs up to three browsers on two cores, so that half is what keeps a loaded run from timing out.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const FULL_CHROMIUM = '/usr/bin/chromium';
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);

/**
 * Browser suites run when Chromium is installed (`apt-get install -y chromium`; .ci/run does it). Without it
 * they are skipped with a notice, unless REQUIRE_BROWSER=1 (CI), where a missing browser fails the run.
 */
export const hasBrowser = existsSync(executablePath) || process.env.REQUIRE_BROWSER === '1';
if (!hasBrowser) {
  console.warn(`Chromium not found at ${executablePath}: browser tests skipped (install Debian's chromium package to run them).`);
}

/**
 * `full`: Debian's whole Chromium even where the headless shell is installed, for what the shell lacks: it answers
 * `Notification.permission` 'denied' whatever the context grants, so web push cannot be switched on there.
 */
export const launchBrowser = (options: { full?: boolean } = {}): Promise<Browser> =>
  chromium.launch({ executablePath: options.full && !process.env.CHROMIUM_PATH ? FULL_CHROMIUM : executablePath, args: CHROMIUM_ARGS });

/**
 * Opens a Mantine select or autocomplete (`input`) and clicks its option. On a loaded machine the page may still
 * be settling when the list opens (a chart or a late query moves the layout, and the list closes under the
 * pointer), so a list that is not open is opened again and the click retried, for up to a minute. A click that
 * went through but reported a failure is not repeated: the input already showing the option ends the pick (a
 * second click on a Mantine select's chosen option would clear it).
 */
export const pickOption = async (page: Page, input: Locator, option: string | RegExp, options: { exact?: boolean } = {}): Promise<void> => {
  const choice = page.getByRole('option', { name: option, exact: options.exact }).first();
  const shown = async () => {
    const value = await input.inputValue({ timeout: 1_000 }).catch(() => '');
    if (value === '') return false;
    return typeof option === 'string' ? (options.exact ? value === option : value.toLowerCase().includes(option.toLowerCase())) : option.test(value);
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if (!(await choice.isVisible())) await input.click();
      await choice.click({ timeout: 5_000 });
      return;
    } catch (error) {
      if (await shown()) return;
      if (Date.now() > deadline) throw error;
    }
  }
};

/**
 * Waits for a dialog that was just submitted to close and for the toast it raises, together (on a loaded machine
 * the dialog's exit may outlast the toast), for up to a minute. A dialog that stays open fails with its text (the
 * message it shows says why), not just a timeout.
 */
export const submittedDialog = async (dialog: Locator, toast: Locator): Promise<void> => {
  await Promise.all([
    dialog.waitFor({ state: 'detached', timeout: 60_000 }).catch(async (error: unknown) => {
      const text = await dialog.innerText({ timeout: 1_000 }).catch(() => '(illeggibile)');
      throw new Error(`The dialog stayed open: ${text.replace(/\s+/g, ' ')}`, { cause: error });
    }),
    toast.waitFor({ timeout: 60_000 }),
  ]);
};

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
export const useBrowserSuite = (options: { onReady?: (server: TTestServer) => Promise<void>; fullChromium?: boolean } = {}) => {
  let server: TTestServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  // E2E_TIMING=1 prints how long each file's set-up and tear-down take (where a loaded run's time goes).
  beforeAll(async () => {
    const t0 = performance.now();
    server = await startTestServer();
    const t1 = performance.now();
    browser = await launchBrowser({ full: options.fullChromium });
    const t2 = performance.now();
    await options.onReady?.(server);
    if (process.env.E2E_TIMING) console.log(`TIMING beforeAll server ${Math.round(t1 - t0)} browser ${Math.round(t2 - t1)} onReady ${Math.round(performance.now() - t2)}`);
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  afterAll(async () => {
    const t0 = performance.now();
    await browser?.close();
    const t1 = performance.now();
    await server?.close();
    if (process.env.E2E_TIMING) console.log(`TIMING afterAll browser ${Math.round(t1 - t0)} server ${Math.round(performance.now() - t1)}`);
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
