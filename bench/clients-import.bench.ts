/**
 * Import of clients (issue 14): a CSV of BENCH_IMPORT_ROWS (5,000) valid rows (persons with codice fiscale, birth
 * date, birthplace, phone, e-mail and an address in one of eight big comuni) sent to POST /api/clients/import as a
 * corner, through the full app (buildApp, production config, app.inject: no network) on PGlite and on a scratch
 * PostgreSQL database. Times the dry run (preview), the real import (one transaction), and a second dry run where
 * every row is now a duplicate of the book. Each is one request, timed from send to answer.
 *
 *   npm run bench:clients-import
 *   BENCH_IMPORT_ROWS=20000 npm run bench:clients-import
 *
 * Exit code: 0 ok, 1 the benchmark failed (wrong status or counts), 2 an import of 5,000 rows took over
 * BENCH_IMPORT_MAX_MS (10,000 ms, "in seconds").
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TImportResult } from '../shared/schemas/client-import';
import { CodiceFiscale } from '../shared/validation/codice-fiscale';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { TDatabaseHandle } from '../server/db/database';
import { insertUserFixture } from '../server/testing/fixtures';
import { onCleanup, openBenchPglite, openScratchPostgres, runCleanups, settings } from './lib';
import { failureMessage, reportFailure, runBenchmark, writeReport } from './report';

const intFromEnv = (name: string, fallback: number, min: number): number => {
  const value = process.env[name] ? Number(process.env[name]) : fallback;
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer >= ${min}`);
  return value;
};

const ROWS = intFromEnv('BENCH_IMPORT_ROWS', 5000, 1);
const MAX_MS = intFromEnv('BENCH_IMPORT_MAX_MS', 10_000, 1);

const NAMES = ['Mario', 'Luca', 'Giulia', 'Anna', 'Marco', 'Sara', 'Paolo', 'Chiara', 'Andrea', 'Francesca', 'Giorgio', 'Elena', 'Stefano', 'Laura', 'Davide', 'Marta'];
const SURNAMES = ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti', 'De Luca', 'Mancini', 'Costa', 'Giordano', 'Rizzo', 'Lombardi', 'Moretti'];
const FEMALE = new Set(['Giulia', 'Anna', 'Sara', 'Chiara', 'Francesca', 'Elena', 'Laura', 'Marta']);
const PLACES = [
  ['Milano', 'MI', '20121'],
  ['Roma', 'RM', '00184'],
  ['Torino', 'TO', '10121'],
  ['Napoli', 'NA', '80121'],
  ['Bologna', 'BO', '40121'],
  ['Firenze', 'FI', '50121'],
  ['Palermo', 'PA', '90121'],
  ['Bari', 'BA', '70121'],
] as const;

const pad = (value: number) => String(value).padStart(2, '0');

/** A CSV of `count` valid persons, each with its own codice fiscale (semicolons, as Italian Excel saves it). */
const buildCsv = (count: number) => {
  const lines = ['Nome;Cognome;Codice fiscale;Data di nascita;Sesso;Luogo di nascita;E-mail;Cellulare;Indirizzo;Civico;CAP;Comune;Provincia'];
  const seen = new Set<string>();
  for (let index = 0; seen.size < count; index += 1) {
    const name = NAMES[index % NAMES.length]!;
    const surname = SURNAMES[Math.floor(index / NAMES.length) % SURNAMES.length]!;
    const [place, sigla, cap] = PLACES[index % PLACES.length]!;
    const day = 1 + (index % 28);
    const month = 1 + (Math.floor(index / 28) % 12);
    const year = 1940 + (Math.floor(index / 336) % 60);
    const gender = FEMALE.has(name) ? 'F' : 'M';
    const cf = CodiceFiscale.compute({ name, surname, gender, day, month, year, birthplace: place, birthplaceProvincia: sigla });
    if (seen.has(cf)) continue;
    seen.add(cf);
    const phone = `347${String(index).padStart(7, '0')}`;
    lines.push(`${name};${surname};${cf};${pad(day)}/${pad(month)}/${year};${gender};${place};${name.toLowerCase()}.${index}@example.it;${phone};Via Roma;${1 + (index % 200)};${cap};${place};${sigla}`);
  }
  return `${lines.join('\r\n')}\r\n`;
};

const multipart = (csv: string, fields: Record<string, string>) => {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const parts = [
    `--${boundary}\r\nContent-Disposition: form-data; name="file0"; filename="clienti.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n`,
    ...Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    `--${boundary}--\r\n`,
  ];
  return { payload: Buffer.from(parts.join('')), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

type TStep = { step: string; ms: number; counts: TImportResult['counts'] };

const runOn = async (database: TDatabaseHandle, csv: string): Promise<TStep[]> => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-import-'));
  const removeDataDir = onCleanup(() => fs.rm(dataDir, { recursive: true, force: true }));
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1' });
  const app = await buildApp({ config, database, logger: false });
  const closeApp = onCleanup(() => app.close());
  try {
    await app.ready();
    const email = `bench-${randomBytes(4).toString('hex')}@example.it`;
    const password = `Bench-${randomBytes(12).toString('hex')}`;
    const { id: cornerId } = await insertUserFixture(database.db, { email, password, role: 'corner', name: 'Bench', surname: 'Corner' });
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    const sid = login.cookies.find((cookie) => cookie.name === 'sid')?.value;
    if (!sid) throw new Error(`login answered ${login.statusCode}: ${login.body.slice(0, 300)}`);

    const send = async (step: string, dryRun: boolean): Promise<TStep> => {
      const body = multipart(csv, { dryRun: String(dryRun) });
      const started = performance.now();
      const response = await app.inject({ method: 'POST', url: '/api/clients/import', payload: body.payload, headers: { ...body.headers, cookie: `sid=${sid}` } });
      const ms = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`${step}: ${response.statusCode} ${response.body.slice(0, 500)}`);
      const result = response.json<TImportResult>();
      const problem = result.rows.find((row) => row.status === 'error');
      if (problem) console.log(`${step}: first error, row ${problem.row}: ${problem.messages.join(' ')}`);
      return { step, ms, counts: result.counts };
    };
    const steps = [await send('dry run (preview)', true), await send('import (one transaction)', false), await send('dry run again (all duplicates)', true)];
    const [preview, done, again] = steps as [TStep, TStep, TStep];
    if (preview.counts.valid !== ROWS) throw new Error(`the preview found ${preview.counts.valid} valid rows of ${ROWS}: ${JSON.stringify(preview.counts)}`);
    if (done.counts.imported !== ROWS) throw new Error(`imported ${done.counts.imported} of ${ROWS}`);
    if (again.counts.duplicates !== ROWS) throw new Error(`the second preview found ${again.counts.duplicates} duplicates of ${ROWS}`);
    const stored = await database.db.selectFrom('clients').select((eb) => eb.fn.countAll<string>().as('n')).where('corner_id', '=', cornerId).executeTakeFirstOrThrow();
    if (Number(stored.n) !== ROWS) throw new Error(`${stored.n} clients stored, expected ${ROWS}`);
    return steps;
  } finally {
    await closeApp();
    await removeDataDir();
  }
};

const main = async (): Promise<number> => {
  const csv = buildCsv(ROWS);
  console.log(`clients import: ${ROWS.toLocaleString('en-US')} rows, CSV of ${(Buffer.byteLength(csv) / 1024).toFixed(0)} KiB; node ${process.version}, ${os.cpus().length} CPUs`);
  const results: { database: string; steps: TStep[] }[] = [];
  let failure: unknown = null;
  try {
    if (!settings.skipPglite) {
      const pglite = await openBenchPglite();
      try {
        results.push({ database: 'pglite', steps: await runOn(pglite, csv) });
      } finally {
        await pglite.close();
      }
    }
    if (!settings.skipPostgres) {
      const postgres = await openScratchPostgres();
      if (postgres) {
        try {
          results.push({ database: 'postgres', steps: await runOn(postgres, csv) });
        } finally {
          await postgres.close();
        }
      }
    }
  } catch (error) {
    failure = error;
  } finally {
    await runCleanups();
  }

  console.log(`\n${'database'.padEnd(10)} ${'step'.padEnd(32)} ${'ms'.padStart(8)} ${'rows/s'.padStart(9)}  counts`);
  for (const { database, steps } of results) {
    for (const { step, ms, counts } of steps) {
      console.log(`${database.padEnd(10)} ${step.padEnd(32)} ${ms.toFixed(0).padStart(8)} ${((ROWS / ms) * 1000).toFixed(0).padStart(9)}  ${JSON.stringify(counts)}`);
    }
  }
  const slow = results.flatMap(({ database, steps }) => steps.filter((step) => step.ms > MAX_MS * (ROWS / 5000)).map((step) => `${database} ${step.step}`));
  const file = await writeReport('clients-import.json', {
    rows: ROWS,
    maxMsPer5000: MAX_MS,
    results: results.map(({ database, steps }) => ({ database, steps: steps.map(({ step, ms, counts }) => ({ step, ms: Math.round(ms), counts })) })),
    slow,
    failure: failureMessage(failure),
  });
  console.log(`\nreport: ${file}`);
  if (failure) return reportFailure(failure);
  if (slow.length > 0) {
    console.log(`\n!! over ${MAX_MS} ms per 5,000 rows: ${slow.join(', ')}`);
    return 2;
  }
  console.log(`\nok: every step within ${MAX_MS} ms per 5,000 rows`);
  return 0;
};

void runBenchmark(main, runCleanups);
