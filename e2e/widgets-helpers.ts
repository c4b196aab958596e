import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/** Signs in through /accedi and waits for the home page. */
export const logInThroughForm = async (page: Page, baseUrl: string, email: string, password: string): Promise<void> => {
  if (new URL(page.url()).pathname !== '/accedi') await page.goto(`${baseUrl}/accedi`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.waitForURL(`${baseUrl}/`);
};

/** Lets the page run its handlers and timers for a moment, so "nothing happened" means something. */
export const settle = (page: Page, ms = 400): Promise<void> => page.waitForTimeout(ms);

/** What the screen shows, for dialogs: a full-page picture would stretch the page below the fixed backdrop. */
export const saveViewportScreenshot = async (page: Page, name: string): Promise<void> => {
  const dir = fileURLToPath(new URL('./screenshots/', import.meta.url));
  await fs.mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
};
