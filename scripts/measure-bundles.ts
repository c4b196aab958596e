// `npm run measure`: builds the client if needed, then reports the JavaScript a first visit loads for /accedi and
// for '/' (signed in), gzipped, with LCP and CLS, measured in headless Chromium.
import setup from '../e2e/global-setup';
import { launchBrowser } from '../e2e/browser';
import { kb, measurePage } from '../e2e/measure';
import { startTestServer } from '../server/testing/start-test-server';

const run = async () => {
  await setup();
  const server = await startTestServer();
  const browser = await launchBrowser();
  try {
    await server.createUser({ email: 'misura@example.it', password: 'Misura123', cf: 'RSSMRA85T10A562S', phone: '3331234567' });
    const login = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'misura@example.it', password: 'Misura123' } });
    const sid = login.cookies.find((c) => c.name === 'sid')!;
    const rows = [await measurePage(browser, server.url, '/accedi'), await measurePage(browser, server.url, '/', { name: 'sid', value: sid.value })];
    console.log('\npage      scripts  gzip       raw        LCP      CLS');
    for (const row of rows) {
      console.log(`${row.path.padEnd(9)} ${String(row.scripts).padStart(7)}  ${kb(row.gzipBytes).padEnd(10)} ${kb(row.rawBytes).padEnd(10)} ${`${row.lcpMs} ms`.padEnd(8)} ${row.cls}`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
};

run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
