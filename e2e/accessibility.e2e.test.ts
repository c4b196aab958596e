import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, loadDemoData } from '../server/demo/demo-data';
import { loadDemoPractices } from '../server/demo/demo-practices';
import { loadDemoActivity } from '../server/demo/demo-activity';
import { expectNoAxeViolations } from './a11y';
import { hasBrowser, useBrowserSuite } from './browser';
import { signIn, waitForShell } from './shell-helpers';

const demo = (email: string) => ({ email, password: DEMO_PASSWORD });


/**
 * Each page's check takes a second or two of axe: a role's tour is longer than the default journey. Issue 26, point 12: the everyday pages of each role, filled with the demo data set, pass axe-core's WCAG 2.1 AA
 * rules with no serious or critical violation (contrast, names of controls, ARIA use), open menus and dialogs
 * included.
 */
describe.skipIf(!hasBrowser)('accessibility of the everyday pages (axe, WCAG 2.1 AA)', () => {
  const suite = useBrowserSuite({
    onReady: async (server) => {
      await loadDemoData(server.db);
      const codeFor = async (email: string) => /\b(\d{6})\b/.exec((await server.readMails()).filter((mail) => mail.to.includes(email)).at(-1)?.body ?? '')?.[1];
      await loadDemoPractices(server.app, server.db, codeFor);
      await loadDemoActivity(server.app, server.db);
    },
  });

  const visit = async (page: Page, path: string, ready: (page: Page) => Promise<unknown>): Promise<void> => {
    await page.goto(`${suite.server.url}${path}`);
    await waitForShell(page);
    await ready(page);
  };

  const cornerIdOf = async (email: string): Promise<string> =>
    (await suite.server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  it('passes for an admin: home, dashboard, clients, settings, notifications, chat and the profile menu', async () => {
    const page = await suite.openPage('/accedi');
    await signIn(page, suite.server.url, demo('admin@demo.it'));
    await waitForShell(page);
    await expectNoAxeViolations(page, 'home admin');

    await page.getByRole('button', { name: 'Profilo' }).click();
    await page.getByRole('menu').waitFor();
    await expectNoAxeViolations(page, 'menu del profilo');
    await page.keyboard.press('Escape');

    // With the demo's month: the charts drawn and the stuck-work board filled.
    await visit(page, '/admin/dashboard', (p) => p.locator('.recharts-bar-rectangle path').first().waitFor());
    await page.getByRole('region', { name: 'Lavoro fermo' }).getByRole('button', { name: /^Assegna / }).first().waitFor();
    await expectNoAxeViolations(page, 'dashboard admin');
    await visit(page, '/admin/clienti', (p) => p.getByRole('table').first().waitFor());
    await expectNoAxeViolations(page, 'clienti admin');
    await visit(page, '/admin/impostazioni', (p) => p.getByRole('heading', { level: 1 }).first().waitFor());
    await expectNoAxeViolations(page, 'impostazioni admin');
    await visit(page, '/notifiche', (p) => p.getByRole('heading', { level: 1 }).first().waitFor());
    await expectNoAxeViolations(page, 'notifiche admin');

    await page.getByRole('button', { name: /^Chat/ }).click();
    await page.getByRole('dialog', { name: 'Chat' }).waitFor();
    await expectNoAxeViolations(page, 'chat admin');
  }, 300_000);

  it('passes for a corner: home, clients and the client form, practices, documents and the viewer, profile', async () => {
    const page = await suite.openPage('/accedi');
    await signIn(page, suite.server.url, demo('corner.persona@demo.it'));
    await waitForShell(page);
    await expectNoAxeViolations(page, 'home corner');

    await visit(page, '/clienti', (p) => p.getByRole('table').first().waitFor());
    await expectNoAxeViolations(page, 'clienti');
    await page.getByRole('button', { name: 'Nuovo cliente' }).click();
    await page.getByRole('dialog', { name: 'Nuovo cliente' }).waitFor();
    await expectNoAxeViolations(page, 'modulo nuovo cliente');
    await page.keyboard.press('Escape');

    const cornerId = await cornerIdOf('corner.persona@demo.it');
    const client = await suite.server.db.selectFrom('clients').select('id').where('corner_id', '=', cornerId).executeTakeFirstOrThrow();
    await visit(page, `/clienti/${client.id}`, (p) => p.getByRole('heading', { level: 1 }).first().waitFor());
    await expectNoAxeViolations(page, 'scheda cliente');

    await visit(page, '/rca', (p) => p.getByRole('table').first().waitFor());
    await expectNoAxeViolations(page, 'pratiche RC Auto');
    const practice = await suite.server.db
      .selectFrom('practices')
      .select('id')
      .where('corner_id', '=', cornerId)
      .where('sector', '=', 'rca')
      .where('state', '=', 'emitted')
      .executeTakeFirstOrThrow();
    await visit(page, `/rca/${practice.id}`, (p) => p.getByRole('heading', { level: 1 }).first().waitFor());
    await expectNoAxeViolations(page, 'dettaglio pratica RC Auto');
    await visit(page, '/luce-e-gas', (p) => p.getByRole('heading', { level: 1 }).first().waitFor());
    await expectNoAxeViolations(page, 'pratiche Luce e gas');

    await visit(page, '/documenti', (p) => p.getByRole('region', { name: 'Contratto di collaborazione' }).waitFor());
    await expectNoAxeViolations(page, 'documenti');
    await page.getByRole('region', { name: 'Contratto di collaborazione' }).getByRole('button', { name: /contratto/i }).first().click();
    await page.getByTestId('file-viewer').getByText(/^Pagina 1 di \d+$/).waitFor();
    await expectNoAxeViolations(page, 'anteprima del contratto');
    await page.getByTestId('file-viewer').getByRole('button', { name: 'Chiudi' }).click();

    await visit(page, '/profilo', (p) => p.getByRole('heading', { level: 1 }).first().waitFor());
    await expectNoAxeViolations(page, 'profilo');
    await visit(page, '/notifiche', (p) => p.getByRole('heading', { level: 1 }).first().waitFor());
    await expectNoAxeViolations(page, 'notifiche corner');
    await page.getByRole('button', { name: /^Chat/ }).click();
    await page.getByRole('dialog', { name: 'Chat' }).waitFor();
    await expectNoAxeViolations(page, 'chat corner');
    expect(page.url()).toContain('/notifiche');
  }, 300_000);

  it('passes for a broker: the worklist and a practice to work', async () => {
    const page = await suite.openPage('/accedi');
    await signIn(page, suite.server.url, demo('broker.rc-auto@demo.it'));
    await waitForShell(page);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const board = page.getByRole('region', { name: 'Lavoro fermo' });
    await board.getByRole('table').or(board.getByText('Niente di fermo')).waitFor();
    await expectNoAxeViolations(page, 'home broker');
    const practice = await suite.server.db.selectFrom('practices').select('id').where('sector', '=', 'rca').where('state', '=', 'emitted').executeTakeFirstOrThrow();
    await visit(page, `/rca/${practice.id}`, (p) => p.getByRole('heading', { level: 1 }).first().waitFor());
    await expectNoAxeViolations(page, 'dettaglio pratica broker');
  });
});
