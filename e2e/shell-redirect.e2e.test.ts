import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowserSuite } from './browser';
import { CORNER_PERSONA, signIn, waitForShell } from './shell-helpers';
import { routeTrpc, trpcData, trpcError } from './trpc-route';

/** Spec sections 2 and 7: a response header named `redirect` sends the browser there, except on public routes. */
describe.skipIf(!hasBrowser)('redirect header', () => {
  const suite = useBrowserSuite({
    onReady: async (server) => {
      await server.createUser(CORNER_PERSONA);
    },
  });

  it('follows a redirect header answered by the API on a signed-in page', async () => {
    const page = await suite.openPage('/accedi');
    await signIn(page, suite.server.url, CORNER_PERSONA);
    await waitForShell(page);
    await routeTrpc(page, 'clients.find', trpcData({ list: [], total: 0 }, { redirect: '/profilo' }));
    await page.getByRole('link', { name: 'Clienti' }).first().click();
    await page.waitForURL(`${suite.server.url}/profilo`);
    expect(new URL(page.url()).pathname).toBe('/profilo');
  });

  it('ignores it on the public routes', async () => {
    const page = await suite.openPage('/privacy');
    await routeTrpc(page, 'auth.me', trpcError({ httpStatus: 401, message: 'no' }, { redirect: '/profilo' }));
    await page.goto(`${suite.server.url}/accedi`);
    await page.getByRole('button', { name: 'Accedi' }).waitFor();
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/accedi');
  });
});
