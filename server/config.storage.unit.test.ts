import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const S3 = { STORAGE: 's3', S3_BUCKET: 'platform-files', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret' };

const messageOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('configuration of the file storage', () => {
  it('keeps files on disk by default', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'disk' });
    expect(loadConfig({ S3_BUCKET: 'ignored' }).storage).toEqual({ kind: 'disk' });
  });

  it('reads an S3-compatible bucket: AWS by default, path-style addresses with an endpoint, a prefix ending with a slash', () => {
    expect(loadConfig(S3).storage).toEqual({
      kind: 's3',
      bucket: 'platform-files',
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
    expect(loadConfig({ ...S3, S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'eu-south-1', S3_PREFIX: 'piattaforma/files' }).storage).toMatchObject({
      endpoint: 'http://minio:9000',
      region: 'eu-south-1',
      prefix: 'piattaforma/files/',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...S3, S3_ENDPOINT: 'https://s3.example.it', S3_FORCE_PATH_STYLE: 'false', S3_PREFIX: 'a/' }).storage).toMatchObject({ prefix: 'a/', forcePathStyle: false });
  });

  it('refuses to start with STORAGE=s3 and a missing or bad value, naming each variable', () => {
    const missing = messageOf({ STORAGE: 's3' });
    expect(missing).toContain('Configurazione non valida');
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) expect(missing).toContain(`${name}: è obbligatoria con STORAGE=s3`);

    const bad = messageOf({ ...S3, S3_BUCKET: 'Bucket_Maiuscolo', S3_ENDPOINT: 'minio:9000', S3_PREFIX: '/assoluto', S3_FORCE_PATH_STYLE: 'forse', S3_REGION: 'Europa Sud' });
    for (const name of ['S3_BUCKET', 'S3_ENDPOINT', 'S3_PREFIX', 'S3_FORCE_PATH_STYLE', 'S3_REGION']) expect(bad).toContain(name);
    expect(messageOf({ ...S3, S3_PREFIX: 'a/../b' })).toContain('S3_PREFIX');
    expect(messageOf({ STORAGE: 'nfs' })).toContain('STORAGE: deve essere disk o s3');
  });
});
