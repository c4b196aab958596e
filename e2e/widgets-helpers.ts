import type { Page } from 'playwright-core';
import { saveScreenshot } from './browser';

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
export const saveViewportScreenshot = (page: Page, name: string): Promise<void> => saveScreenshot(page, name, { fullPage: false });
