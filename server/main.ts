import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseInUseError } from './db/data-dir-lock';

const start = async () => {
  const config = loadConfig();
  const app = await buildApp({ config });
  const admin = await app.services.admin.ensureFirstAdmin();
  if (admin.created) {
    app.log.info({ email: admin.email }, 'primo amministratore creato');
    if (admin.generatedPassword) {
      // Printed once, on purpose: the only way to hand the generated password to whoever installed the platform.
      console.log(`\n  Amministratore creato: ${admin.email}\n  Password generata (mostrata solo ora): ${admin.generatedPassword}\n`);
    }
  }
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'arresto in corso');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
};

start().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseInUseError) {
    console.error(error.message);
  } else {
    console.error('Avvio non riuscito:', error);
  }
  process.exit(1);
});
