import { describe, expect, it } from 'vitest';
import { hasBrowser, PHONE, saveScreenshot, useBrowserSuite } from './browser';
import { BROKER, CORNER_AZIENDA, signIn, waitForShell } from './shell-helpers';

/** Spec section 2: `?display=info` opens the welcome dialog of section 1 (not for brokers). */
describe.skipIf(!hasBrowser)('welcome dialog', () => {
  const suite = useBrowserSuite({
    onReady: async (server) => {
      for (const user of [CORNER_AZIENDA, BROKER]) await server.createUser(user);
    },
  });
  const { openPage } = suite;

  it('opens on any page with the tiers, the rules and the support address, and closes without a new history entry', async () => {
    const page = await openPage('/accedi');
    await signIn(page, suite.server.url, CORNER_AZIENDA);
    await page.goto(`${suite.server.url}/rca?filtro=1&display=info`);
    await waitForShell(page);

    const dialog = page.getByRole('dialog', { name: 'Benvenuto nella Piattaforma Intermediari' });
    await dialog.waitFor();
    for (const text of ['Bronze', 'Silver', 'Gold', 'Corner Bronze', 'Corner Silver', 'Corner Gold']) {
      expect(await dialog.getByText(text, { exact: true }).count()).toBeGreaterThan(0);
    }
    await dialog.getByText('Solo multiutility: luce e gas, GPL, WiFi-VoIP e noleggi.').waitFor();
    await dialog.getByText(/Preventivi e comparazioni sono disponibili da subito/).waitFor();
    await dialog.getByText(/firmando il contratto con una password temporanea \(OTP\)/).waitFor();
    await dialog.getByText(/con gift card o ricevuta per le persone, con fattura commerciale per le aziende/).waitFor();
    expect(await dialog.getByRole('link', { name: 'Documenti' }).getAttribute('href')).toBe('/documenti');
    expect(await dialog.getByRole('link', { name: 'assistenza@localhost.it' }).getAttribute('href')).toBe('mailto:assistenza@localhost.it');
    await saveScreenshot(page, 'shell-welcome-desktop');

    const historyLength = await page.evaluate(() => window.history.length);
    await dialog.getByRole('button', { name: 'Ho capito' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${suite.server.url}/rca?filtro=1`);
    expect(await page.evaluate(() => window.history.length)).toBe(historyLength);

    // Esc closes it the same way.
    await page.goto(`${suite.server.url}/?display=info`);
    await dialog.waitFor();
    const before = await page.evaluate(() => window.history.length);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${suite.server.url}/`);
    expect(await page.evaluate(() => window.history.length)).toBe(before);
  });

  it('fits a phone', async () => {
    const page = await openPage('/accedi', PHONE);
    await signIn(page, suite.server.url, CORNER_AZIENDA);
    await page.goto(`${suite.server.url}/?display=info`);
    await page.getByRole('dialog', { name: 'Benvenuto nella Piattaforma Intermediari' }).waitFor();
    await waitForShell(page);
    await page.waitForTimeout(300); // the dialog's entry transition
    await saveScreenshot(page, 'shell-welcome-phone');
  });

  it('does not open for a broker', async () => {
    const page = await openPage('/accedi');
    await signIn(page, suite.server.url, BROKER);
    await page.goto(`${suite.server.url}/?display=info`);
    await waitForShell(page);
    await page.getByRole('heading', { level: 1, name: 'Pratiche da lavorare' }).waitFor();
    await page.waitForTimeout(400);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});
