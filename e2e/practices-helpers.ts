import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { CONTRACT_MSG } from '../shared/schemas/contract';
import { pickOption, type useBrowserSuite } from './browser';
import { signIn, waitForShell } from './shell-helpers';

/** What the practices' browser journeys share (RC Auto, the other sectors). */

type TSuite = ReturnType<typeof useBrowserSuite>;

/** A real one-page PDF with a line of text. */
export const pdf = async (name: string, text: string) => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText(text, { x: 60, y: 760, size: 18, font });
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) };
};

/** Picks an option of a Mantine select by its label, inside `scope`. */
export const choose = (page: Page, scope: Page | Locator, label: string, option: string | RegExp) =>
  pickOption(page, scope.getByRole('textbox', { name: label, exact: true }), option);

/** A page signed in as `user`, the shell loaded. */
export const openAs = async (suite: TSuite, user: { email: string; password: string }): Promise<Page> => {
  const page = await suite.openPage('/accedi');
  await signIn(page, suite.server.url, user);
  await waitForShell(page);
  return page;
};

/** The six digits in the last mail to `to` with `subject` (any mail to `to` without a subject). */
export const codeMailed = async (suite: TSuite, to: string, subject?: string) => {
  const mail = (await suite.server.readMails()).filter((item) => item.to.includes(to) && (!subject || item.subject === subject)).at(-1);
  const code = /\b(\d{6})\b/.exec(mail?.body ?? '')?.[1];
  expect(code, `a code mailed to ${to}`).toMatch(/^\d{6}$/);
  return code!;
};

/** The corner signs its collaboration contract by code on Documenti. */
export const signContractByCode = async (suite: TSuite, corner: Page, email: string) => {
  await corner.goto(`${suite.server.url}/documenti`);
  const contract = corner.getByRole('region', { name: 'Contratto di collaborazione' });
  await contract.getByRole('button', { name: 'Firma con OTP' }).click();
  const sign = corner.getByRole('dialog', { name: 'Firma il contratto con OTP' });
  await sign.getByRole('button', { name: 'Invia codice' }).click();
  await sign.getByText(/Scade tra \d+:\d\d/).waitFor();
  const code = await codeMailed(suite, email, CONTRACT_MSG.otpMailSubject);
  await sign.getByRole('textbox', { name: 'Cifra 1 di 6 del codice' }).click();
  await corner.keyboard.type(code);
  await sign.getByRole('button', { name: 'Firma', exact: true }).click();
  await corner.getByText('Contratto firmato.').waitFor();
};
