import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Proves that `npm run lint` (eslint.config.js) fails on each boundary of style.md's "Calls flow one way".
// Virtual files sit in the real folders so the path-scoped rules apply; the cycle needs two files on disk,
// kept in server/testing/lint-fixtures/ (which the normal lint run ignores).
const root = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = `${root}server/testing/lint-fixtures`;

let eslint: ESLint;
let unignoredEslint: ESLint;

beforeAll(() => {
  // A virtual file has no strongly connected component on disk, which import/no-cycle cannot handle; the cycle
  // rule is proven on the real fixture files below, the path rules on virtual ones.
  eslint = new ESLint({ cwd: root, overrideConfig: { rules: { 'import/no-cycle': 'off' } } });
  unignoredEslint = new ESLint({ cwd: root, ignore: false });
});

const lintVirtualFile = async (relativePath: string, code: string): Promise<Linter.LintMessage[]> => {
  const [result] = await eslint.lintText(code, { filePath: `${root}${relativePath}` });
  return result?.messages ?? [];
};

const ruleIdsOf = (messages: Linter.LintMessage[]) => messages.map((message) => message.ruleId);

describe('boundary lint rules', { timeout: 60_000 }, () => {
  it('reports a runtime import cycle', async () => {
    const results = await unignoredEslint.lintFiles([`${fixtures}/cycle-a.ts`, `${fixtures}/cycle-b.ts`]);
    expect(results).toHaveLength(2);
    for (const result of results) expect(ruleIdsOf(result.messages)).toEqual(['import/no-cycle']);
  });

  it('ignores a cycle made only of type imports', async () => {
    const results = await unignoredEslint.lintFiles([`${fixtures}/type-cycle-a.ts`, `${fixtures}/type-cycle-b.ts`]);
    expect(results.flatMap((result) => result.messages)).toEqual([]);
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
