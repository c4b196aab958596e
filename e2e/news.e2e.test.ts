import { describe, expect, it } from 'vitest';
import { hasBrowser, saveScreenshot, useBrowserSuite } from './browser';
import { openAs } from './practices-helpers';
import { ADMIN, CORNER_PERSONA } from './shell-helpers';

const WELCOME = 'Benvenuti sulla piattaforma.';
const SCHEDULED = 'Da lunedì nuove tariffe RC Auto per i motocicli.';

/**
 * Issue 28, the news: the admin schedules a news item a few seconds ahead; the ticker of a corner already signed in
 * shows it when its time comes, without a reload; the admin pins it, then deletes it after confirming, and it
 * leaves the corner's ticker at once.
 */
describe.skipIf(!hasBrowser)('news: scheduled by the admin, live in the ticker of a connected corner', () => {
  const suite = useBrowserSuite({
    onReady: async (server) => {
      await server.createUser(CORNER_PERSONA);
      await server.createUser(ADMIN);
      await server.db.insertInto('news').values({ title: null, text: WELCOME, published_at: new Date(Date.now() - 60_000), live_announced_at: new Date() }).execute();
    },
  });

  it('the scheduled news reaches the corner’s ticker at its time; pinning and deleting reach it at once', async () => {
    const errors: string[] = [];
    const corner = await openAs(suite, CORNER_PERSONA);
    corner.on('pageerror', (error) => errors.push(`corner: ${error.message}`));
    const cornerTicker = corner.getByRole('region', { name: 'Notizie' });
    await cornerTicker.getByText(WELCOME).waitFor();

    const admin = await openAs(suite, ADMIN);
    admin.on('pageerror', (error) => errors.push(`admin: ${error.message}`));
    await admin.goto(`${suite.server.url}/admin/notizie`);
    await admin.getByRole('heading', { name: 'Notizie', exact: true }).waitFor();

    // The text is required, in Italian.
    await admin.getByRole('button', { name: 'Nuova notizia' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Nuova notizia' });
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await dialog.getByText('Campo obbligatorio.').waitFor();

    // Eight seconds ahead, in the browser's own time (what the field holds).
    const startsAt = Date.now() + 8_000;
    const start = await admin.evaluate((at) => {
      const date = new Date(at);
      const pad = (value: number) => String(value).padStart(2, '0');
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
    }, startsAt);
    await dialog.getByRole('textbox', { name: 'Titolo' }).fill('Tariffe');
    await dialog.getByRole('textbox', { name: 'Testo' }).fill(SCHEDULED);
    await dialog.getByLabel('Inizio pubblicazione').fill(start);
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await admin.getByText('Notizia creata.').waitFor();
    const row = admin.getByRole('listitem', { name: 'Tariffe' });
    await row.getByText('Programmata').waitFor();
    await saveScreenshot(admin, 'news-admin-scheduled');

    // Not before its time: the corner's ticker still shows only the welcome.
    expect(await cornerTicker.getByText(SCHEDULED).count()).toBe(0);

    // At its time the job announces it: the corner's ticker shows it without a reload, and the admin's list says so.
    await cornerTicker.getByText(SCHEDULED).waitFor({ timeout: 30_000 });
    expect(Date.now()).toBeGreaterThanOrEqual(startsAt);
    await row.getByText('Pubblicata').waitFor();
    expect(await cornerTicker.getByRole('listitem').allTextContents()).toEqual([`Tariffe: ${SCHEDULED}`, WELCOME]);

    // Pinning the older one moves it first in the corner's ticker.
    await admin.getByRole('button', { name: `Metti in evidenza ${WELCOME}` }).click();
    await admin.getByText('Notizia messa in evidenza.').waitFor();
    await expect.poll(() => cornerTicker.getByRole('listitem').allTextContents()).toEqual([WELCOME, `Tariffe: ${SCHEDULED}`]);
    await saveScreenshot(corner, 'news-corner-ticker');

    // Deleting asks first; then the news leaves the corner's ticker.
    await admin.getByRole('button', { name: 'Elimina Tariffe' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Eliminare la notizia?' });
    await confirm.getByText('«Tariffe» sarà eliminata definitivamente').waitFor();
    await confirm.getByRole('button', { name: 'Elimina' }).click();
    await admin.getByText('Notizia eliminata.').waitFor();
    await row.waitFor({ state: 'detached' });
    await cornerTicker.getByText(SCHEDULED).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  }, 240_000);
});
