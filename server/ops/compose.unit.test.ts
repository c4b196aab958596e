/**
 * `docker compose up` (issue 30): PostgreSQL, an S3-compatible server, two platform instances and nginx in front.
 * Docker itself cannot run here, so this checks what can be checked without it:
 * - docker-compose.yml, read as compose reads it (YAML merge keys, `${VAR:-default}`): the services, the same
 *   database, bucket and public address for both instances (accepted by the platform's own configuration), only the
 *   proxy's port published, every start waiting on a healthcheck;
 * - deploy/s3-init.sh, the bucket's one-shot setup, run with a stand-in `mc` that records its calls;
 * - deploy/nginx.conf in a real nginx (when one is installed: CI installs nginx-light), its upstream names pointed at
 *   two small local HTTP and WebSocket servers: `nginx -t`, WebSocket upgrades, forwarded headers, sticky socket.io
 *   long-polling, the body limit and failover.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocket, WebSocketServer } from 'ws';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_PATH } from '../../shared/realtime';
import { loadConfig } from '../config';
import { freePort } from '../testing/free-port';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const COMPOSE_FILE = path.join(ROOT, 'docker-compose.yml');
const NGINX_CONF = path.join(ROOT, 'deploy/nginx.conf');
const S3_INIT = path.join(ROOT, 'deploy/s3-init.sh');

const APPS = ['app1', 'app2'] as const;
const APP_PORT = 3000;
/** What a multipart request carries on top of its files' bytes (server/modules/files/uploads.ts, MULTIPART_OVERHEAD). */
const MULTIPART_OVERHEAD = 256 * 1024;

// ---------------------------------------------------------------------------------------------------------------
// docker-compose.yml as compose reads it.

type TEnv = Record<string, string | undefined>;
type TService = {
  image?: string;
  build?: unknown;
  environment?: Record<string, unknown>;
  ports?: unknown[];
  expose?: unknown[];
  volumes?: string[];
  entrypoint?: string[];
  depends_on?: Record<string, { condition?: string }>;
  healthcheck?: { test?: string[] };
};

/**
 * Compose's interpolation: `$$`, `$VAR`, `${VAR}`, `${VAR:-default}` (unset or empty) and `${VAR-default}` (unset).
 * Anything else (a nested `${…}`, `${VAR:?}`) is left as it is, and then fails the check below.
 */
const interpolate = (value: string, env: TEnv): string =>
  value.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?-)([^}$]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (match, braced?: string, operator?: string, fallback?: string, bare?: string) => {
    if (match === '$$') return '$';
    const value = env[(braced ?? bare)!];
    if (operator === ':-') return value ? value : (fallback ?? '');
    if (operator === '-') return value ?? fallback ?? '';
    return value ?? '';
  });

const interpolateAll = (node: unknown, env: TEnv): unknown => {
  if (typeof node === 'string') return interpolate(node, env);
  if (Array.isArray(node)) return node.map((item) => interpolateAll(item, env));
  if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, interpolateAll(value, env)]));
  return node;
};

const composeText = readFileSync(COMPOSE_FILE, 'utf8');

/** The services of docker-compose.yml, interpolated with `env` (as if those variables were set for `docker compose up`). */
const composeServices = (env: TEnv = {}): Record<string, TService> => {
  const document = parseYaml(composeText, { merge: true }) as { services: Record<string, TService> };
  return interpolateAll(document.services, env) as Record<string, TService>;
};

const environmentOf = (service: TService | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(service?.environment ?? {}).map(([key, value]) => [key, String(value)]));

/** The variables a production install sets (README, "Docker Compose"), all different from the defaults. */
const PRODUCTION_ENV: TEnv = {
  PUBLIC_URL: 'https://app.example.it',
  HTTP_PORT: '8080',
  POSTGRES_PASSWORD: 'pg-Secret-1',
  MINIO_ROOT_USER: 'root-user-2',
  MINIO_ROOT_PASSWORD: 'root-Secret-3',
  S3_BUCKET: 'intermediari-files',
  S3_ACCESS_KEY_ID: 'platform-key-4',
  S3_SECRET_ACCESS_KEY: 'platform-Secret-5',
  ADMIN_EMAIL: 'it@example.it',
  ADMIN_PASSWORD: 'Admin-Secret-6',
  SMTP_URL: 'smtps://mailer:pw@smtp.example.it:465',
  METRICS_TOKEN: 'metrics-token-0123456789',
};

describe('docker-compose.yml', () => {
  it('runs PostgreSQL, the S3 server and its one-shot setup, two platform instances and the proxy, on pinned images', () => {
    const services = composeServices();
    expect(Object.keys(services).sort()).toEqual(['app1', 'app2', 'postgres', 'proxy', 's3', 's3-init']);
    for (const app of APPS) {
      expect(services[app]?.build).toBe('.');
      expect(services[app]?.image).toBe(services.app1?.image);
    }
    for (const name of ['postgres', 's3', 's3-init', 'proxy']) {
      const image = services[name]?.image ?? '';
      // A tag, not `latest`: `docker compose up` a year from now runs the same servers.
      expect(image, name).toMatch(/^[a-z0-9./-]+:[A-Za-z0-9._-]+$/);
      expect(image, name).not.toMatch(/:latest$/);
    }
    expect(services.s3?.image).toMatch(/^minio\/minio:RELEASE\./);
    expect(services['s3-init']?.image).toMatch(/^minio\/mc:RELEASE\./);
    expect(services.proxy?.image).toMatch(/^nginx:/);
  });

  it('interpolates only the forms compose knows', () => {
    for (const env of [{}, PRODUCTION_ENV]) expect(JSON.stringify(composeServices(env))).not.toContain('$');
  });

  it.each([
    ['the defaults', {}],
    ['a production environment', PRODUCTION_ENV],
  ])('gives both instances one database, one bucket and one public address, which the platform accepts (%s)', (_name, env: TEnv) => {
    const services = composeServices(env);
    const [first, second] = APPS.map((app) => environmentOf(services[app]));
    expect(second).toEqual(first);
    expect(first).toMatchObject({ STORAGE: 's3', TRUST_PROXY: 'true' });

    // The platform's own validation of that environment (as the Dockerfile's ENV completes it).
    const config = loadConfig({ ...first, NODE_ENV: 'production', HOST: '0.0.0.0', PORT: String(APP_PORT), DATA_DIR: '/data' });
    expect(config.trustProxy).toBe(true);
    expect(config.publicUrl).toBe(env.PUBLIC_URL ?? 'http://localhost:3000');
    expect(config.storage).toMatchObject({ kind: 's3', endpoint: 'http://s3:9000', forcePathStyle: true, prefix: '' });
    if (config.storage.kind !== 's3') throw new Error('STORAGE=s3 expected');
    if (env.S3_BUCKET) expect(config.storage).toMatchObject({ bucket: env.S3_BUCKET, accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY });
    expect(config.adminPassword).toBe(env.ADMIN_PASSWORD);
    expect(config.smtpUrl).toBe(env.SMTP_URL);
    expect(config.metricsToken).toBe(env.METRICS_TOKEN);

    // The database is the postgres service's, with its credentials.
    const database = new URL(config.databaseUrl ?? '');
    const postgres = environmentOf(services.postgres);
    expect(database.hostname).toBe('postgres');
    expect(decodeURIComponent(database.username)).toBe(postgres.POSTGRES_USER);
    expect(decodeURIComponent(database.password)).toBe(postgres.POSTGRES_PASSWORD);
    expect(database.pathname).toBe(`/${postgres.POSTGRES_DB}`);
    if (env.POSTGRES_PASSWORD) expect(postgres.POSTGRES_PASSWORD).toBe(env.POSTGRES_PASSWORD);

    // The bucket and the access key are the ones s3-init creates, on the s3 service, with MinIO's root credentials.
    const init = environmentOf(services['s3-init']);
    expect(init).toMatchObject({ S3_BUCKET: config.storage.bucket, S3_ACCESS_KEY_ID: config.storage.accessKeyId, S3_SECRET_ACCESS_KEY: config.storage.secretAccessKey });
    expect(init.S3_ENDPOINT).toBe(config.storage.endpoint);
    expect(new URL(config.storage.endpoint ?? '').hostname).toBe('s3');
    const s3 = environmentOf(services.s3);
    expect(init).toMatchObject({ MINIO_ROOT_USER: s3.MINIO_ROOT_USER, MINIO_ROOT_PASSWORD: s3.MINIO_ROOT_PASSWORD });
    expect(s3.MINIO_ROOT_PASSWORD?.length).toBeGreaterThanOrEqual(8);
    expect(config.storage.secretAccessKey.length).toBeGreaterThanOrEqual(8);
    expect(config.storage.accessKeyId).not.toBe(s3.MINIO_ROOT_USER);
  });

  it('publishes only the proxy port, the one PUBLIC_URL names by default', () => {
    for (const env of [{}, PRODUCTION_ENV]) {
      const services = composeServices(env);
      for (const [name, service] of Object.entries(services)) if (name !== 'proxy') expect(service.ports, name).toBeUndefined();
      expect(services.proxy?.ports).toEqual([`${env.HTTP_PORT ?? '3000'}:80`]);
    }
    const defaults = composeServices();
    expect(new URL(environmentOf(defaults.app1).PUBLIC_URL ?? '').port).toBe('3000');
    for (const app of APPS) expect(defaults[app]?.expose).toEqual([String(APP_PORT)]);
  });

  it('starts each service once what it needs is healthy, the second instance after the first', () => {
    const services = composeServices();
    for (const name of ['postgres', 's3', 'app1', 'app2', 'proxy']) expect(services[name]?.healthcheck?.test?.length, name).toBeGreaterThan(0);
    for (const app of APPS) {
      expect(services[app]?.healthcheck?.test?.join(' ')).toContain(`http://127.0.0.1:${APP_PORT}/api/health`);
      expect(services[app]?.depends_on).toMatchObject({ postgres: { condition: 'service_healthy' }, 's3-init': { condition: 'service_completed_successfully' } });
    }
    // The first start migrates and creates the first administrator: once, on app1 (two at once could both try).
    expect(services.app2?.depends_on).toMatchObject({ app1: { condition: 'service_healthy' } });
    expect(services['s3-init']?.depends_on).toEqual({ s3: { condition: 'service_healthy' } });
    expect(services.proxy?.depends_on).toEqual({ app1: { condition: 'service_healthy' }, app2: { condition: 'service_healthy' } });
    expect(services.proxy?.healthcheck?.test?.join(' ')).toContain('/api/health');
  });

  it('keeps each instance its own data directory', () => {
    const services = composeServices();
    const dataVolumes = APPS.map((app) => services[app]?.volumes?.find((volume) => volume.endsWith(':/data')));
    expect(dataVolumes.every(Boolean)).toBe(true);
    expect(new Set(dataVolumes).size).toBe(2);
  });

  it('mounts deploy/nginx.conf, whose upstream is the two instances', async () => {
    const services = composeServices();
    expect(services.proxy?.volumes).toContain('./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro');
    const conf = parseNginx(await fs.readFile(NGINX_CONF, 'utf8'));
    const upstream = find(conf, 'upstream', 'platform');
    expect(upstream.block?.filter((d) => d.name === 'server').map((d) => d.args[0])).toEqual(APPS.map((app) => `${app}:${APP_PORT}`));
    // Sticky: every request of one session (or, without one, one address) to the same instance.
    expect(upstream.block?.find((d) => d.name === 'hash' || d.name === 'ip_hash')).toBeDefined();
  });

  it('lets through the largest upload the platform accepts, and keeps quiet sockets open for an hour', async () => {
    const services = composeServices();
    const config = loadConfig(environmentOf(services.app1));
    const server = find(parseNginx(await fs.readFile(NGINX_CONF, 'utf8')), 'server');
    const bodyLimit = server.block?.find((d) => d.name === 'client_max_body_size');
    expect(parseSize(bodyLimit?.args[0] ?? '0')).toBeGreaterThanOrEqual(config.uploads.maxTotalBytes + MULTIPART_OVERHEAD);
    expect(server.block?.find((d) => d.name === 'proxy_request_buffering')?.args).toEqual(['off']);
    for (const location of [SOCKET_PATH, '/trpc']) {
      const block = find(server.block ?? [], 'location', location).block ?? [];
      expect(block.find((d) => d.name === 'proxy_pass')?.args).toEqual(['http://platform']);
      expect(parseSeconds(block.find((d) => d.name === 'proxy_read_timeout')?.args[0] ?? '0'), location).toBeGreaterThanOrEqual(3600);
    }
  });

  // `docker compose config` where a compose is installed (not on CI): the file as Docker itself reads it.
  const composeCommand = [
    ['docker', 'compose'],
    ['docker-compose'],
  ].find(([command, ...args]) => spawnSync(command!, [...args, 'version'], { stdio: 'ignore' }).status === 0);
  it.skipIf(!composeCommand)(`passes \`${composeCommand?.join(' ') ?? 'docker compose'} config\`${composeCommand ? '' : ' (skipped: no docker compose installed)'}`, () => {
    const [command, ...args] = composeCommand!;
    const result = spawnSync(command!, [...args, '-f', COMPOSE_FILE, 'config', '-q'], { encoding: 'utf8', cwd: ROOT });
    expect(result.status, result.stderr).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// deploy/s3-init.sh with a stand-in `mc`.

describe('deploy/s3-init.sh', () => {
  let scratch = '';
  beforeAll(async () => {
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 's3-init-'));
    // Records each call; keeps the policy file it is given; answers `admin user info` with MC_USER_POLICY.
    await fs.mkdir(path.join(scratch, 'bin'));
    await fs.writeFile(
      path.join(scratch, 'bin/mc'),
      [
        '#!/bin/sh',
        'echo "$*" >>"$MC_LOG"',
        'case "$1 $2 $3" in',
        '  "admin policy create") cp "$6" "$MC_POLICY_COPY" ;;',
        '  "admin policy attach") [ "$MC_ATTACH_FAILS" = 1 ] && { echo "The specified policy change is already in effect." >&2; exit 1; } ;;',
        '  "admin user info") echo "AccessKey: $5"; echo "PolicyName: $MC_USER_POLICY" ;;',
        'esac',
        'exit 0',
        '',
      ].join('\n'),
      { mode: 0o755 },
    );
  });
  afterAll(async () => {
    await fs.rm(scratch, { recursive: true, force: true });
  });

  const run = async (name: string, extra: TEnv = {}) => {
    const services = composeServices(PRODUCTION_ENV);
    const dir = path.join(scratch, name);
    await fs.mkdir(dir);
    const log = path.join(dir, 'mc.log');
    const policy = path.join(dir, 'policy.json');
    const result = spawnSync('sh', [S3_INIT], {
      encoding: 'utf8',
      env: {
        PATH: `${path.join(scratch, 'bin')}:${process.env.PATH ?? ''}`,
        TMPDIR: dir,
        MC_LOG: log,
        MC_POLICY_COPY: policy,
        MC_ATTACH_FAILS: '',
        MC_USER_POLICY: '',
        ...environmentOf(services['s3-init']),
        ...extra,
      },
    });
    const calls = (await fs.readFile(log, 'utf8').catch(() => '')).trim().split('\n');
    return { result, calls, policy: await fs.readFile(policy, 'utf8').catch(() => ''), dir };
  };

  it('is the s3-init service entry point', () => {
    const init = composeServices()['s3-init'];
    expect(init?.volumes).toContain('./deploy/s3-init.sh:/s3-init.sh:ro');
    expect(init?.entrypoint).toEqual(['/bin/sh', '/s3-init.sh']);
  });

  it('creates the bucket, and an access key allowed that bucket alone', async () => {
    const { result, calls, policy, dir } = await run('first');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const { MINIO_ROOT_USER, MINIO_ROOT_PASSWORD, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = PRODUCTION_ENV;
    expect(calls).toEqual([
      `alias set platform http://s3:9000 ${MINIO_ROOT_USER} ${MINIO_ROOT_PASSWORD}`,
      `mb --ignore-existing platform/${S3_BUCKET}`,
      `admin policy create platform platform-files ${path.join(dir, 'platform-files-policy.json')}`,
      `admin user add platform ${S3_ACCESS_KEY_ID} ${S3_SECRET_ACCESS_KEY}`,
      `admin policy attach platform platform-files --user ${S3_ACCESS_KEY_ID}`,
    ]);
    const statements = (JSON.parse(policy) as { Statement: { Effect: string; Action: string[]; Resource: string[] }[] }).Statement;
    expect(statements.flatMap((statement) => statement.Resource).sort()).toEqual([`arn:aws:s3:::${S3_BUCKET}`, `arn:aws:s3:::${S3_BUCKET}/*`]);
    // What the platform asks of the bucket (server/modules/files/s3-storage.ts): objects, copies, listings, multipart.
    expect(statements.flatMap((statement) => statement.Action)).toEqual(
      expect.arrayContaining(['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:ListBucket', 's3:AbortMultipartUpload']),
    );
    // The policy file is removed.
    expect(await fs.readdir(dir)).not.toContain('platform-files-policy.json');
  });

  it('runs again on the next `docker compose up`: a policy already attached is checked instead', async () => {
    const again = await run('again', { MC_ATTACH_FAILS: '1', MC_USER_POLICY: 'platform-files' });
    expect(again.result.status).toBe(0);
    expect(again.calls.at(-1)).toBe(`admin user info platform ${PRODUCTION_ENV.S3_ACCESS_KEY_ID}`);
    const broken = await run('broken', { MC_ATTACH_FAILS: '1', MC_USER_POLICY: 'readonly' });
    expect(broken.result.status).not.toBe(0);
    expect(broken.result.stderr).toContain('non ha la policy platform-files');
  });
});

// ---------------------------------------------------------------------------------------------------------------
// deploy/nginx.conf in a real nginx.

/** One directive of an nginx configuration, with its block when it has one. */
type TDirective = { name: string; args: string[]; block?: TDirective[] };

/** Enough of nginx's syntax for this file: words, quoted strings, `;`, blocks, `#` comments. */
const parseNginx = (text: string): TDirective[] => {
  const tokens = [...text.matchAll(/#[^\n]*|'([^']*)'|"([^"]*)"|([{};])|([^\s{};'"#]+)/g)]
    .filter((match) => !match[0].startsWith('#'))
    .map((match) => ({ value: match[1] ?? match[2] ?? match[3] ?? match[4] ?? '', punctuation: Boolean(match[3]) }));
  let at = 0;
  const readBlock = (): TDirective[] => {
    const directives: TDirective[] = [];
    let words: string[] = [];
    while (at < tokens.length) {
      const token = tokens[at++]!;
      if (!token.punctuation) words.push(token.value);
      else if (token.value === ';') {
        directives.push({ name: words[0] ?? '', args: words.slice(1) });
        words = [];
      } else if (token.value === '{') {
        directives.push({ name: words[0] ?? '', args: words.slice(1), block: readBlock() });
        words = [];
      } else return directives;
    }
    return directives;
  };
  return readBlock();
};

const find = (directives: TDirective[], name: string, ...args: string[]): TDirective => {
  const found = directives.find((d) => d.name === name && args.every((arg, index) => d.args[index] === arg));
  if (!found) throw new Error(`deploy/nginx.conf: no ${[name, ...args].join(' ')}`);
  return found;
};

const UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };
const parseSize = (size: string) => Number(/^\d+/.exec(size)?.[0] ?? NaN) * (UNITS[/[kmg]?$/i.exec(size)?.[0]?.toLowerCase() ?? ''] ?? NaN);
const SECONDS: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600, d: 86400 };
const parseSeconds = (time: string) => Number(/^\d+/.exec(time)?.[0] ?? NaN) * (SECONDS[/[smhd]?$/.exec(time)?.[0] ?? ''] ?? NaN);

const NGINX_BINARY = ['nginx', '/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].find(
  (candidate) => spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0,
);
/** Without nginx the proxy's tests are skipped with a notice, unless REQUIRE_NGINX=1 (CI), where they fail. */
const RUN_NGINX = Boolean(NGINX_BINARY) || process.env.REQUIRE_NGINX === '1';
if (!RUN_NGINX) console.warn('compose.unit.test.ts: no nginx binary, deploy/nginx.conf is not run (apt-get install nginx-light)');

/** What an upstream saw of one request: which instance, the path, the headers, the body's bytes. */
type TSeen = { upstream: string; url: string; headers: http.IncomingHttpHeaders; bytes: number };

/** A stand-in platform instance: answers every request with what it saw, and accepts WebSockets on any path. */
const startUpstream = async (name: string) => {
  const server = http.createServer((request, response) => {
    let bytes = 0;
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => {
      const seen: TSeen = { upstream: name, url: request.url ?? '', headers: request.headers, bytes };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(seen));
    });
  });
  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request: http.IncomingMessage, socket, head) =>
    sockets.handleUpgrade(request, socket, head, (ws) => {
      const seen: TSeen = { upstream: name, url: request.url ?? '', headers: request.headers, bytes: 0 };
      ws.send(JSON.stringify(seen));
      ws.on('message', (data: Buffer) => ws.send(`${name}:${data.toString()}`));
    }),
  );
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    name,
    port,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
};

/** The file with the upstream names on local ports, nginx listening on a local port and logging into `dir`. */
const renderNginxConf = (text: string, ports: { app1: number; app2: number; listen: number }, dir: string) => {
  const replaceOnce = (source: string, from: string, to: string) => {
    if (source.split(from).length !== 2) throw new Error(`deploy/nginx.conf: expected "${from}" once`);
    return source.replace(from, to);
  };
  let rendered = replaceOnce(text, 'server app1:3000 ', `server 127.0.0.1:${ports.app1} `);
  rendered = replaceOnce(rendered, 'server app2:3000 ', `server 127.0.0.1:${ports.app2} `);
  rendered = replaceOnce(rendered, 'listen 80;', `listen 127.0.0.1:${ports.listen};`);
  return replaceOnce(rendered, 'access_log /var/log/nginx/access.log ', `access_log ${path.join(dir, 'access.log')} `);
};

/** The image's nginx.conf, reduced: the file sits in its `http` block. */
const mainConf = (dir: string) => `
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
events { worker_connections 256; }
http {
  client_body_temp_path ${path.join(dir, 'client_body')};
  proxy_temp_path ${path.join(dir, 'proxy')};
  fastcgi_temp_path ${path.join(dir, 'fastcgi')};
  uwsgi_temp_path ${path.join(dir, 'uwsgi')};
  scgi_temp_path ${path.join(dir, 'scgi')};
  include ${path.join(dir, 'platform.conf')};
}
`;

const request = (url: string, options: { method?: string; headers?: Record<string, string>; body?: Buffer } = {}) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const outgoing = http.request(url, { method: options.method ?? 'GET', headers: options.headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });

const seenBy = async (url: string, options: Parameters<typeof request>[1] = {}): Promise<TSeen> => {
  const answer = await request(url, options);
  expect(answer.status, answer.text).toBe(200);
  return JSON.parse(answer.text) as TSeen;
};

/** Opens a WebSocket through the proxy; resolves with the upstream's first message and the socket. */
const openSocket = (url: string, headers: Record<string, string> = {}) =>
  new Promise<{ ws: WebSocket; seen: TSeen }>((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('message', (data: Buffer) => resolve({ ws, seen: JSON.parse(data.toString()) as TSeen }));
    ws.once('error', reject);
    ws.once('unexpected-response', (_request, response) => reject(new Error(`upgrade refused: ${response.statusCode}`)));
  });

const nextMessage = (ws: WebSocket) => new Promise<string>((resolve) => ws.once('message', (data: Buffer) => resolve(data.toString())));

describe.skipIf(!RUN_NGINX)(`deploy/nginx.conf in a real nginx${RUN_NGINX ? '' : ' (skipped: no nginx binary; apt-get install nginx-light)'}`, () => {
  let dir = '';
  let nginx: ChildProcess | null = null;
  let nginxOutput = '';
  let base = '';
  let wsBase = '';
  const upstreams: Awaited<ReturnType<typeof startUpstream>>[] = [];

  beforeAll(async () => {
    if (!NGINX_BINARY) throw new Error('REQUIRE_NGINX=1 but no nginx binary: apt-get install nginx-light');
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nginx-conf-'));
    // Workers drop root for nobody, who must reach the temporary folders inside.
    await fs.chmod(dir, 0o755);
    upstreams.push(await startUpstream('app1'), await startUpstream('app2'));
    const listen = await freePort();
    base = `http://127.0.0.1:${listen}`;
    wsBase = `ws://127.0.0.1:${listen}`;
    const text = await fs.readFile(NGINX_CONF, 'utf8');
    await fs.writeFile(path.join(dir, 'platform.conf'), renderNginxConf(text, { app1: upstreams[0]!.port, app2: upstreams[1]!.port, listen }, dir));
    await fs.writeFile(path.join(dir, 'nginx.conf'), mainConf(dir));
    const args = ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')];
    const check = spawnSync(NGINX_BINARY, [...args, '-t'], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}`);
    nginx = spawn(NGINX_BINARY, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
    nginx.stdout?.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
    nginx.stderr?.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
    for (let attempt = 0; ; attempt++) {
      const answer = await request(`${base}/api/health`).catch(() => null);
      if (answer?.status === 200) break;
      if (attempt > 100 || nginx.exitCode !== null) throw new Error(`nginx did not start:\n${nginxOutput}\n${await fs.readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx!.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
    }
    await Promise.all(upstreams.map((upstream) => upstream.close().catch(() => undefined)));
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it('passes a socket.io WebSocket upgrade to an instance, with the forwarded headers', async () => {
    const { ws, seen } = await openSocket(`${wsBase}${SOCKET_PATH}?EIO=4&transport=websocket`, { origin: 'http://localhost:3000', cookie: 'sid=ws-session' });
    try {
      expect(seen.url).toBe(`${SOCKET_PATH}?EIO=4&transport=websocket`);
      expect(seen.headers).toMatchObject({ upgrade: 'websocket', connection: 'upgrade', origin: 'http://localhost:3000', cookie: 'sid=ws-session' });
      expect(seen.headers).toMatchObject({ 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'http' });
      ws.send('ping');
      expect(await nextMessage(ws)).toBe(`${seen.upstream}:ping`);
    } finally {
      ws.close();
    }
  });

  it('passes the tRPC WebSocket upgrade at /trpc', async () => {
    const { ws, seen } = await openSocket(`${wsBase}/trpc`);
    try {
      expect(seen.url).toBe('/trpc');
      expect(seen.headers.upgrade).toBe('websocket');
      ws.send('hello');
      expect(await nextMessage(ws)).toBe(`${seen.upstream}:hello`);
    } finally {
      ws.close();
    }
  });

  it('replaces a forwarded address the client made up, and hands the app its request id', async () => {
    const seen = await seenBy(`${base}/api/health`, { headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https', 'x-request-id': 'made-up-id' } });
    expect(seen.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen.headers['x-forwarded-proto']).toBe('http');
    // nginx's $request_id: 32 hex digits, which the app takes as its own (server/platform/request-context.ts).
    expect(seen.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    // No `Connection: upgrade` outside a handshake (upstream connections stay alive).
    expect(seen.headers.connection ?? '').not.toBe('upgrade');
  });

  it("keeps every long-polling request of one socket.io client on one instance, and spreads the clients over both", async () => {
    const instanceOf = new Map<string, string>();
    for (let client = 0; client < 16; client++) {
      const cookie = `sid=session-${client}`;
      const handshake = await seenBy(`${base}${SOCKET_PATH}?EIO=4&transport=polling`, { headers: { cookie } });
      for (let poll = 0; poll < 4; poll++) {
        const url = `${base}${SOCKET_PATH}?EIO=4&transport=polling&sid=engine-${client}`;
        expect((await seenBy(url, { headers: { cookie } })).upstream).toBe(handshake.upstream);
        expect((await seenBy(url, { method: 'POST', headers: { cookie, 'content-type': 'text/plain' }, body: Buffer.from('40') })).upstream).toBe(handshake.upstream);
      }
      instanceOf.set(cookie, handshake.upstream);
    }
    expect(new Set(instanceOf.values())).toEqual(new Set(['app1', 'app2']));
    // Without a session cookie: one address, one instance.
    const first = await seenBy(`${base}${SOCKET_PATH}?EIO=4&transport=polling`);
    for (let poll = 0; poll < 4; poll++) expect((await seenBy(`${base}${SOCKET_PATH}?EIO=4&transport=polling&sid=x`)).upstream).toBe(first.upstream);
  });

  it("streams an upload under the limit to the app, and answers one over it with the app's 413", async () => {
    const upload = Buffer.alloc(5 * 1024 * 1024, 1);
    const seen = await seenBy(`${base}/api/files`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: upload });
    expect(seen.bytes).toBe(upload.length);
    // Refused on its Content-Length, before any byte of the body.
    const tooLarge = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const outgoing = http.request(`${base}/api/files`, { method: 'POST', agent: false, headers: { 'content-length': String(60 * 1024 * 1024) } }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, text });
          outgoing.destroy();
        });
      });
      outgoing.on('error', reject);
      outgoing.flushHeaders();
    });
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.text)).toEqual({ message: 'Il contenuto inviato è troppo grande.', type: 'warn', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('keeps /metrics to the instances (Prometheus scrapes each directly)', async () => {
    expect((await request(`${base}/metrics`, { headers: { authorization: 'Bearer metrics-token-0123456789' } })).status).toBe(404);
  });

  it('sends the clients of an instance that is down to the other one', async () => {
    const cookies = Array.from({ length: 8 }, (_, client) => `sid=failover-${client}`);
    const before = await Promise.all(cookies.map((cookie) => seenBy(`${base}/api/health`, { headers: { cookie } })));
    expect(new Set(before.map((seen) => seen.upstream)).size).toBe(2);
    await upstreams[0]!.close();
    for (const cookie of cookies) expect((await seenBy(`${base}/api/health`, { headers: { cookie } })).upstream).toBe('app2');
  });
});
