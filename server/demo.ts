import { loadConfig } from './config';
import { DatabaseInUseError } from './db/data-dir-lock';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { buildApp } from './app';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, loadDemoData } from './demo/demo-data';
import { loadDemoPractices } from './demo/demo-practices';
import { loadDemoAudit } from './demo/demo-audit';
import { loadDemoActivity } from './demo/demo-activity';
import { loadDemoProducts } from './demo/demo-products';

// `npm run demo`: fills the configured database (the embedded one by default) with the demo data set.
const run = async () => {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch((error: unknown) => {
    // A server running on the embedded database: say which process holds it.
    if (error instanceof DatabaseInUseError) throw error;
    throw new Error(`Impossibile aprire il database (se il server è avviato sul database integrato, fermalo prima): ${String(error)}`);
  });
  try {
    await migrateToLatest(database.db);
    const { created } = await loadDemoData(database.db);
    if (created) {
      // The practices go through the platform's own API (quotations with PDFs, signatures, transitions).
      // The demo corner signs its contract by code: the code is read as the mailer hands the e-mail over.
      const codes = new Map<string, string>();
      const beforeDeliver = async (mail: { to: string; text?: string }) => {
        const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
        if (code) codes.set(mail.to, code);
      };
      const app = await buildApp({ config, database, logger: false, jobs: { schedules: false }, mail: { beforeDeliver } });
      try {
        const { practices } = await loadDemoPractices(app, database.db, async (email) => codes.get(email));
        console.log(`Pratiche dimostrative: ${practices}.`);
        const { calls } = await loadDemoAudit(app);
        console.log(`Registro attività: una sessione "accedi come" con ${calls} operazioni.`);
        console.log(`Un mese di attività: ${(await loadDemoActivity(app, database.db)).practices} pratiche datate nelle ultime sei settimane.`);
        console.log(`Catalogo prodotti: una nuova versione di ${(await loadDemoProducts(app, database.db)).products} prodotti di altri rami e fideiussioni (le pratiche già aperte restano sulla versione 1), una bozza da pubblicare e un prodotto ritirato.`);
      } finally {
        await app.close();
      }
    }
    console.log(created ? 'Dati dimostrativi caricati.' : 'I dati dimostrativi erano già presenti.');
    console.log(`\nAccount dimostrativi (password per tutti: ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS) console.log(`  ${account.label.padEnd(28)} ${account.email}`);
  } finally {
    await database.close();
  }
};

run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
