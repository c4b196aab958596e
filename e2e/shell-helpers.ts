import type { Page } from 'playwright-core';
import type { TUserFixture } from '../server/testing/fixtures';

/** One account per role, complete enough that the forced profile dialog (spec section 4) stays shut. */
export const ADMIN = { email: 'chiara.neri@example.it', password: 'Admin12345', role: 'admin', name: 'Chiara', surname: 'Neri', phone: '3330000001' } satisfies TUserFixture;

export const CORNER_PERSONA = {
  email: 'mario.rossi@example.it',
  password: 'Corner12345',
  role: 'corner',
  type: 'persona',
  name: 'Mario',
  surname: 'Rossi',
  cf: 'RSSMRA85T10A562S',
  phone: '3331234567',
} satisfies TUserFixture;

export const CORNER_AZIENDA = {
  email: 'laura.ferri@example.it',
  password: 'Corner12345',
  role: 'corner',
  type: 'azienda',
  name: 'Laura',
  surname: 'Ferri',
  business: 'Ferri Servizi Assicurativi Srl',
  vat: '01234560017',
  cf: '01234560017',
  taxRegime: 'Ordinario',
  phone: '0298765432',
} satisfies TUserFixture;

export const BROKER = {
  email: 'elena.greco@example.it',
  password: 'Broker12345',
  role: 'broker',
  name: 'Elena',
  surname: 'Greco',
  brokerType: 'luce e gas',
  phone: '3330000002',
} satisfies TUserFixture;

/** Signs in through /accedi and waits for the shell (the profile button) on '/'. */
export const signIn = async (page: Page, baseUrl: string, user: { email: string; password: string }): Promise<void> => {
  if (new URL(page.url()).pathname !== '/accedi') await page.goto(`${baseUrl}/accedi`);
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.waitForURL(`${baseUrl}/`);
  await page.getByRole('button', { name: 'Profilo' }).waitFor();
};

/** The overlay of the first load is gone (faded in 0.5 s, removed after 1 s). */
export const waitForShell = async (page: Page): Promise<void> => {
  await page.getByRole('button', { name: 'Profilo' }).waitFor();
  await page.getByTestId('page-loading-overlay').waitFor({ state: 'detached' });
};

/** The names of the items of the open profile menu, in order. */
export const profileMenuItems = async (page: Page): Promise<string[]> => {
  await page.getByRole('button', { name: 'Profilo' }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  const names = (await menu.getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  return names;
};

/** The names of the links of the main navigation (docked sidebar or open drawer). */
export const sidebarLinks = (page: Page): Promise<string[]> =>
  page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link').allInnerTexts();
