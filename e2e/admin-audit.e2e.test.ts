import { describe, expect, it } from 'vitest';
import { hasBrowser, saveScreenshot, useBrowserSuite } from './browser';
import { ADMIN, CORNER_PERSONA, signIn, waitForShell } from './shell-helpers';

/** Issue 28: the admins' audit page groups a login-as session into one row, filters, and exports CSV. */
describe.skipIf(!hasBrowser)('admin: registro attività', () => {
  const suite = useBrowserSuite({
    onReady: async (server) => {
      await server.createUser(ADMIN);
      const corner = await server.createUser(CORNER_PERSONA);
      // A login-as session of the admin, with two calls, written through the real API.
      const login = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN.email, password: ADMIN.password } });
      const cookie = `sid=${login.cookies.find((item) => item.name === 'sid')!.value}`;
      const started = await server.app.inject({ method: 'POST', url: '/api/admin/auth/login-as', payload: { userId: corner.id }, headers: { cookie } });
      const token = started.json().token as string;
      for (const url of ['/api/auth/me', '/api/clients']) await server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    },
  });

  it('shows the session as one row that opens on its calls, filters by action and exports the CSV', async () => {
    const page = await suite.openPage('/accedi');
    await signIn(page, suite.server.url, ADMIN);
    await waitForShell(page);
    await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Registro attività' }).click();
    await page.waitForURL(`${suite.server.url}/admin/audit`);
    await page.getByRole('heading', { name: 'Registro attività' }).waitFor();

    const toggle = page.getByRole('button', { name: 'Apri la sessione di Chiara Neri come Mario Rossi' });
    await toggle.waitFor();
    expect(await page.getByText('2 operazioni', { exact: false }).count()).toBe(1);
    expect(await page.getByRole('cell', { name: '/api/auth/me' }).count()).toBe(0);
    await toggle.click();
    await page.getByRole('cell', { name: /\/api\/auth\/me/ }).waitFor();
    await page.getByRole('cell', { name: /\/api\/clients/ }).waitFor();
    await saveScreenshot(page, 'admin-audit-desktop');

    await page.getByRole('combobox', { name: 'Azione', exact: true }).fill('client_created');
    await page.getByText('Nessuna voce corrisponde ai filtri').waitFor();
    expect(new URL(page.url()).searchParams.get('azione')).toBe('client_created');

    const href = await page.getByRole('link', { name: 'Esporta CSV' }).getAttribute('href');
    expect(href).toBe('/api/admin/audit/export?action=client_created');
    const csv = await page.evaluate(async () => (await fetch('/api/admin/audit/export')).text());
    const lines = csv.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Data e ora;Chi;Email;Per conto di (admin);Utente interessato;Azione;Metodo;Percorso;Esito;IP;Sessione;Dettagli');
    expect(lines).toHaveLength(4);
  });
});
