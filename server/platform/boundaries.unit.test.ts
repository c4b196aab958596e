import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { findImportCycles } from '../../scripts/check-cycles';

// Proves that `npm run lint` (eslint.config.js, then scripts/check-cycles.ts) fails on each boundary of style.md's
// "Calls flow one way". Virtual files sit in the real folders so the path-scoped rules apply; the cycle needs two
// files on disk, kept in server/testing/lint-fixtures/ (which the normal lint run ignores).
const root = fileURLToPath(new URL('../..', import.meta.url));

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

const lintVirtualFile = async (relativePath: string, code: string): Promise<Linter.LintMessage[]> => {
  const [result] = await eslint.lintText(code, { filePath: `${root}${relativePath}` });
  return result?.messages ?? [];
};

const ruleIdsOf = (messages: Linter.LintMessage[]) => messages.map((message) => message.ruleId);

describe('boundary lint rules', { timeout: 60_000 }, () => {
  it('reports a runtime import cycle (scripts/check-cycles.ts, the second half of `npm run lint`)', async () => {
    const cycles = await findImportCycles(['server/testing/lint-fixtures/cycle-*.ts'], { exclude: /node_modules/ });
    expect(cycles).toEqual([['server/testing/lint-fixtures/cycle-b.ts', 'server/testing/lint-fixtures/cycle-a.ts']]);
  });

  it('ignores a cycle made only of type imports, and the fixtures in a run over the whole project', async () => {
    expect(await findImportCycles(['server/testing/lint-fixtures/type-cycle-*.ts'], { exclude: /node_modules/ })).toEqual([]);
    expect(await findImportCycles(['server/testing/lint-fixtures/*.ts'])).toEqual([]);
  });

  it('reports a client feature importing another feature', async () => {
    const messages = await lintVirtualFile(
      'client/src/features/documents/lint-fixture.ts',
      "import { useProfileForm } from '../profile/hooks/use-profile-form';\nexport const hook = useProfileForm;\n",
    );
    expect(ruleIdsOf(messages)).toEqual(['import/no-restricted-paths']);
  });

  it('reports shared client code importing a feature', async () => {
    const messages = await lintVirtualFile(
      'client/src/lib/lint-fixture.ts',
      "import { useProfileForm } from '../features/profile/hooks/use-profile-form';\nexport const hook = useProfileForm;\n",
    );
    expect(ruleIdsOf(messages)).toEqual(['import/no-restricted-paths']);
  });

  it('reports an adapter importing the database', async () => {
    const messages = await lintVirtualFile(
      'server/modules/profile/lint-fixture.rest.ts',
      "import { openDatabase } from '../../db/database';\nexport const open = openDatabase;\n",
    );
    expect(ruleIdsOf(messages)).toEqual(['import/no-restricted-paths']);
  });

  it('reports a service importing a transport', async () => {
    const messages = await lintVirtualFile(
      'server/modules/profile/lint-fixture.service.ts',
      "import type { FastifyInstance } from 'fastify';\nexport type TApp = FastifyInstance;\n",
    );
    expect(ruleIdsOf(messages)).toEqual(['no-restricted-imports']);
  });

  it('reports the platform, realtime or trpc.ts importing a module or the composition', async () => {
    const platform = await lintVirtualFile(
      'server/platform/lint-fixture.ts',
      "import { createAuthService } from '../modules/auth/auth.service';\nexport const make = createAuthService;\n",
    );
    const realtime = await lintVirtualFile('server/realtime/lint-fixture.ts', "import { modules } from '../composition/modules';\nexport const all = modules;\n");
    const trpc = await lintVirtualFile('server/trpc/trpc.ts', "import type { TAuthService } from '../modules/auth/auth.service';\nexport type TAuth = TAuthService;\n");
    expect([platform, realtime, trpc].map(ruleIdsOf)).toEqual([['import/no-restricted-paths'], ['import/no-restricted-paths'], ['import/no-restricted-paths']]);
  });

  it('passes code that keeps the boundaries', async () => {
    const clientMessages = await lintVirtualFile(
      'client/src/features/documents/lint-fixture.ts',
      "import { useProfile } from '../../lib/use-profile';\nexport const hook = useProfile;\n",
    );
    const adapterMessages = await lintVirtualFile(
      'server/modules/profile/lint-fixture.rest.ts',
      "import { toProfile } from './profile.service';\nexport const map = toProfile;\n",
    );
    expect([...clientMessages, ...adapterMessages]).toEqual([]);
  });
});
