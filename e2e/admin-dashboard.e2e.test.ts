import { describe, expect, it } from 'vitest';
import { rcaDefinition } from '../shared/practices/rca';
import { todayInItaly } from '../shared/rules/italian-day';
import { addDays } from '../shared/schemas/dashboard';
import { hasBrowser, useBrowserSuite } from './browser';
import { ADMIN, CORNER_PERSONA, signIn, waitForShell } from './shell-helpers';

/**
 * Issue 28: the admin's dashboard draws its charts from the practices of the period, and a click on a bar or on a
 * figure opens the filtered list behind it.
 */
describe.skipIf(!hasBrowser)('admin dashboard', () => {
  const suite = useBrowserSuite({
    onReady: async (server) => {
      await server.createUser(ADMIN);
      const corner = await server.createUser(CORNER_PERSONA);
      const client = await server.db.insertInto('clients').values({ corner_id: corner.id, type: 'persona', name: 'Giulia', surname: 'Verdi' }).returning('id').executeTakeFirstOrThrow();
      for (const state of ['quotating', 'quotating', 'askEmission']) {
        const practice = await server.db
          .insertInto('practices')
          .values({ sector: 'rca', client_id: client.id, corner_id: corner.id, state, data: JSON.stringify(rcaDefinition.example), search_text: '' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await server.db.insertInto('practice_events').values({ practice_id: practice.id, actor_id: corner.id, kind: 'created', to_state: 'quotating' }).execute();
      }
    },
  });

  it('shows the practices of the last 30 days in charts; a bar opens the sector’s list of the period, a figure its filtered list', async () => {
    const url = suite.server.url;
    const page = await suite.openPage('/accedi');
    await signIn(page, url, ADMIN);
    await waitForShell(page);
    await page.goto(`${url}/admin/dashboard`);

    const table = page.getByRole('table', { name: 'Pratiche per settore' });
    await table.waitFor();
    const rcaRow = table.getByRole('row').filter({ hasText: 'RC Auto' });
    expect(await rcaRow.getByRole('cell').nth(1).innerText()).toMatch(/^3\b/);
    const chart = page.getByRole('region', { name: 'Pratiche aperte per settimana' });
    const bar = chart.locator('.recharts-bar-rectangle path').first();
    await bar.waitFor();

    const today = todayInItaly();
    await bar.click();
    await page.waitForURL(`${url}/rca?dal=${addDays(today, -29)}&al=${today}`);
    await page.goBack();

    await page.getByRole('region', { name: 'Pratiche aperte per settore e stato' }).locator('.recharts-bar-rectangle path').first().waitFor();
    await page.getByText('Ultimi 7 giorni', { exact: true }).click();
    await page.waitForURL(`${url}/admin/dashboard?giorni=7`);
    await table.getByRole('row').filter({ hasText: 'RC Auto' }).getByRole('link', { name: '3' }).first().click();
    await page.waitForURL(`${url}/rca?dal=${addDays(today, -6)}&al=${today}`);
  });
});
