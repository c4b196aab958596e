import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults: port 3000 on 127.0.0.1, embedded database under ./data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', dataDir: path.resolve('data'), databaseUrl: undefined, trustProxy: false });
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/platform',
      DATABASE_URL: 'postgres://app@db:5432/app',
      PUBLIC_URL: 'https://app.example.it/',
      ADMIN_EMAIL: 'Boss@Example.it',
      ADMIN_PASSWORD: 'Password123',
      SMTP_URL: 'smtp://mail:25',
      SUPPORT_EMAIL: 'help@example.it',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/platform',
      databaseUrl: 'postgres://app@db:5432/app',
      publicUrl: 'https://app.example.it',
      adminEmail: 'boss@example.it',
      smtpUrl: 'smtp://mail:25',
      supportEmail: 'help@example.it',
      trustProxy: true,
    });
  });

  it('stops with a message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', TRUST_PROXY: 'forse' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', TRUST_PROXY: 'forse', PUBLIC_URL: 'non-un-url' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('Configurazione non valida');
      for (const name of ['PORT', 'DATABASE_URL', 'TRUST_PROXY', 'PUBLIC_URL']) expect(message).toContain(name);
    }
  });
});
