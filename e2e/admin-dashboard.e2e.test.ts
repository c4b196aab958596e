import { describe, expect, it } from 'vitest';
import { altriRamiDefinition } from '../shared/practices/altri-rami';
import { rcaDefinition } from '../shared/practices/rca';
import { todayInItaly } from '../shared/rules/italian-day';
import { addDays } from '../shared/schemas/dashboard';
import { loadDemoActivity } from '../server/demo/demo-activity';
import { loadDemoData } from '../server/demo/demo-data';
import { loadDemoPractices } from '../server/demo/demo-practices';
import type { TDashboard } from '../shared/schemas/dashboard';
import { hasBrowser, pickOption, useBrowserSuite } from './browser';
import { ADMIN, CORNER_PERSONA, signIn, waitForShell } from './shell-helpers';

const ROCCO = { email: 'rocco.esposito@example.it', password: 'Broker12345', role: 'broker', name: 'Rocco', surname: 'Esposito', brokerType: 'altri rami', phone: '3330000011' } as const;
const BRUNO = { email: 'bruno.gallo@example.it', password: 'Broker12345', role: 'broker', name: 'Bruno', surname: 'Gallo', brokerType: 'altri rami', phone: '3330000012' } as const;

/**
 * Issue 28: the admin's dashboard draws its charts from the demo's month of practices (and a few of the test's
 * own), and a click on a bar or on a figure opens the filtered list behind it; its stuck-work board lists what waits past its threshold and hands a
 * practice to another broker, live when someone else does.
 */
describe.skipIf(!hasBrowser)('admin dashboard', () => {
  const suite = useBrowserSuite({
    onReady: async (server) => {
      await loadDemoData(server.db);
      const codeFor = async (email: string) => /\b(\d{6})\b/.exec((await server.readMails()).filter((mail) => mail.to.includes(email)).at(-1)?.body ?? '')?.[1];
      await loadDemoPractices(server.app, server.db, codeFor);
      await loadDemoActivity(server.app, server.db);
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
      // Two altri rami requests Rocco has held for days without a quotation (the threshold: 48 hours).
      const rocco = await server.createUser(ROCCO);
      await server.createUser(BRUNO);
      for (const days of [4, 3]) {
        const at = new Date(Date.now() - days * 86_400_000);
        const practice = await server.db
          .insertInto('practices')
          .values({ sector: 'altri-rami', client_id: client.id, corner_id: corner.id, broker_id: rocco.id, state: 'quotating', data: JSON.stringify(altriRamiDefinition.example), search_text: '', state_changed_at: at })
          .returning('id')
          .executeTakeFirstOrThrow();
        await server.db.insertInto('practice_events').values({ practice_id: practice.id, actor_id: corner.id, kind: 'created', to_state: 'quotating', at }).execute();
      }
    },
  });

  it('shows the practices of the last 30 days in charts; a bar opens the sector’s list of the period, a figure its filtered list', async () => {
    const url = suite.server.url;
    const page = await suite.openPage('/accedi');
    await signIn(page, url, ADMIN);
    await waitForShell(page);
    await page.goto(`${url}/admin/dashboard`);
    await waitForShell(page);

    // The figures the server gives for the last 30 days, which the page shows.
    const login = await suite.server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN.email, password: ADMIN.password } });
    const cookie = login.cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ');
    const figures = (await suite.server.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { cookie } })).json() as TDashboard;
    expect(figures.current.bySector.rca.opened).toBeGreaterThan(3);

    const table = page.getByRole('table', { name: 'Pratiche per settore' });
    await table.waitFor();
    const rcaRow = table.getByRole('row').filter({ hasText: 'RC Auto' });
    expect(await rcaRow.getByRole('cell').nth(1).innerText()).toMatch(new RegExp(`^${figures.current.bySector.rca.opened}\\b`));
    const chart = page.getByRole('region', { name: 'Pratiche aperte per settimana' });
    const bar = chart.locator('.recharts-bar-rectangle path').first();
    await bar.waitFor();
    expect(await chart.locator('.recharts-bar-rectangle path').count()).toBeGreaterThan(10);

    const today = todayInItaly();
    await bar.click();
    await page.waitForURL(new RegExp(`/(rca|altri-rami|fideiussioni|gpl|luce-e-gas)\\?dal=${addDays(today, -29)}&al=${today}$`));
    await page.goBack();

    await page.getByRole('region', { name: 'Pratiche aperte per settore e stato' }).locator('.recharts-bar-rectangle path').first().waitFor();
    await page.getByText('Ultimi 7 giorni', { exact: true }).click();
    await page.waitForURL(`${url}/admin/dashboard?giorni=7`);
    await table.getByRole('row').filter({ hasText: 'RC Auto' }).getByRole('link').first().click();
    await page.waitForURL(`${url}/rca?dal=${addDays(today, -6)}&al=${today}`);
  });

  it('lists the stuck work with who holds it and for how long, hands a practice to another broker, and follows another admin live', async () => {
    const url = suite.server.url;
    const page = await suite.openPage('/accedi');
    await signIn(page, url, ADMIN);
    await waitForShell(page);
    await page.goto(`${url}/admin/dashboard`);
    // A full load shows the loading overlay again: a click before it is gone lands on it (and closes the select).
    await waitForShell(page);

    const board = page.getByRole('region', { name: 'Lavoro fermo' });
    await board.getByRole('row').nth(1).waitFor();
    await pickOption(page, board.getByRole('textbox', { name: 'Settore' }), 'Altri rami');
    const rows = board.getByRole('row').filter({ hasText: 'Richiesta senza preventivo' }).filter({ hasText: /Rocco Esposito|Bruno Gallo/ });
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    expect(await rows.first().innerText()).toMatch(/Rocco Esposito[\s\S]*4 giorni/);

    await rows.first().getByRole('button', { name: /^Assegna / }).click();
    const dialog = page.getByRole('dialog');
    await pickOption(page, dialog.getByRole('textbox', { name: 'Nuovo broker' }), 'Bruno Gallo');
    await dialog.getByRole('button', { name: 'Assegna', exact: true }).click();
    await page.getByText('Pratica assegnata a Bruno Gallo.').waitFor();
    await board.getByRole('row').filter({ hasText: 'Bruno Gallo' }).waitFor();
    expect(await rows.first().innerText()).toMatch(/Bruno Gallo[\s\S]*4 giorni/);

    // Another admin hands the other one over through the API: the open board follows without a reload.
    const login = await suite.server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN.email, password: ADMIN.password } });
    const cookie = login.cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ');
    const rocco = await suite.server.db.selectFrom('users').select('id').where('email', '=', ROCCO.email).executeTakeFirstOrThrow();
    const other = await suite.server.db.selectFrom('practices').select('id').where('broker_id', '=', rocco.id).executeTakeFirstOrThrow();
    const bruno = await suite.server.db.selectFrom('users').select('id').where('email', '=', BRUNO.email).executeTakeFirstOrThrow();
    const assigned = await suite.server.app.inject({ method: 'POST', url: `/api/admin/practices/altri-rami/${other.id}/assign`, headers: { cookie }, payload: { brokerId: bruno.id } });
    expect(assigned.statusCode, assigned.body).toBe(200);
    await page.waitForFunction(() => !document.querySelector('#lavoro-fermo')?.textContent?.includes('Rocco Esposito'));
    expect(await board.getByRole('row').filter({ hasText: 'Bruno Gallo' }).count()).toBe(2);
    expect(await rows.count()).toBe(2);
  });
});
