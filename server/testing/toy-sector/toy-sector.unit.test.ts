import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { TOY_JOURNEY_TEST, applyToySector } from './apply-toy-sector';

/**
 * The promise of the sector registry (issue 25): a new sector is its definition and its client module, nothing else.
 * A scratch copy of the repository gets a sixth sector, tutela legale (an insurance sector), from
 * apply-toy-sector.ts alone; then the whole project typechecks (every list typed complete over the sectors is
 * satisfied or names what is missing), and in the copy a test drives it end to end through REST on the embedded
 * database: create, quote, ask for issue with its payment request, issue with its commission, its settings and
 * schema, the demo; and the client's sector lists check that it stands under its own slug.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const scratch = mkdtempSync(path.join(tmpdir(), 'toy-sector-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** This process's environment without what the running suite set (its suite, its database, vitest's own). */
const cleanEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && !['TEST_SUITE', 'TEST_DATABASE_URL', 'NODE_ENV', 'TEST_DURATIONS_FILE'].includes(key)));

/** Runs in the scratch copy; its vitest in one worker, as the run around it already keeps both cores busy. */
const run = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { cwd: scratch, env: { ...cleanEnv(), TEST_WORKERS: '1' }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}`.slice(-6000) };
};

describe('a toy sixth sector in a scratch copy', () => {
  it('needs only its definition and its client module, then typechecks and works end to end', () => {
    const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter((file) => file !== '' && existsSync(path.join(ROOT, file)));
    for (const file of files) cpSync(path.join(ROOT, file), path.join(scratch, file), { force: true });
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(scratch, 'node_modules'), 'dir');

    const { created, edited } = applyToySector(scratch);
    // What a new sector touches: three files of its own and one entry in each of four lists.
    expect(created).toEqual(['shared/practices/tutela-legale.ts', 'client/src/features/practices/sectors/tutela-legale/meta.ts', 'client/src/features/practices/sectors/tutela-legale/index.tsx']);
    expect(edited).toEqual(['shared/sectors.ts', 'shared/practices/registry.ts', 'client/src/features/practices/sectors/meta-list.ts', 'client/src/features/practices/sectors/module-list.ts']);

    const typecheck = run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json']);
    expect(typecheck.status, typecheck.output).toBe(0);

    const tests = run(process.execPath, [path.join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'pglite', '--project', 'client', TOY_JOURNEY_TEST, 'client/src/features/practices/sectors/module-list.test.ts']);
    expect(tests.status, tests.output).toBe(0);
    expect(tests.output).toMatch(/tutela-legale\.journey\.test\.ts/);
  }, 600_000);
});
