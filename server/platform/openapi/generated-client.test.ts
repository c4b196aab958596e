import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { MARIO } from '../../modules/clients/clients.fixtures';
import { listenOnFreePort } from '../../testing/realtime-clients';
import { useTestApp } from '../../testing/test-app';

// Issue 30: an integrator generates a client from the published document with openapi-typescript; it compiles
// (strictly, and a wrong call does not) and makes real calls against a running server.
const t = useTestApp();

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
/** Inside the repository, so that the generated module resolves openapi-fetch from its node_modules. */
const workDir = path.join(repoRoot, 'node_modules', '.cache', 'platform-tests', `generated-client-${process.pid}`);

/** What an integrator writes against the generated types: sign in, create a client, list the clients. */
const CLIENT_SOURCE = `
import createClient from 'openapi-fetch';
import type { paths } from './schema';

type TNewClient = paths['/api/clients']['post']['requestBody']['content']['application/json'];

export const run = async (baseUrl: string, login: { email: string; password: string }, person: TNewClient, search: string) => {
  const api = createClient<paths>({ baseUrl });
  const signedIn = await api.POST('/api/auth/login', { body: login });
  if (!signedIn.data) throw new Error('login refused: ' + JSON.stringify(signedIn.error));
  const cookie = (signedIn.response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const created = await api.POST('/api/clients', { body: person, headers: { cookie } });
  if (!created.data) throw new Error('creation refused: ' + JSON.stringify(created.error));
  const listed = await api.GET('/api/clients', { params: { query: { q: search } }, headers: { cookie } });
  if (!listed.data) throw new Error('list refused: ' + JSON.stringify(listed.error));
  const role: string = signedIn.data.role;
  const id: string = created.data.id;
  return { role, id, location: created.response.headers.get('location'), listed: listed.data.map((client) => client.id), total: listed.response.headers.get('x-total-count') };
};
`;

/** A call the document does not allow (a client without its kind, a login without its password). */
const WRONG_SOURCE = `
import createClient from 'openapi-fetch';
import type { paths } from './schema';

const api = createClient<paths>({ baseUrl: 'http://localhost' });
export const wrong = () => api.POST('/api/auth/login', { body: { email: 'a@example.it' } });
`;

/** Type-checks the files in one program (the generated schema is read once); answers each file's errors. */
const compile = (files: string[]) => {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    skipLibCheck: true,
    types: [],
  });
  return files.map((file) => ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')));
};

// The contract does not depend on the database: checked once, in the PGlite run.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('a client generated from /api/openapi.json with openapi-typescript', () => {
  it('compiles strictly, refuses a wrong call at compile time, and signs in, creates and lists clients on a running server', async () => {
    const document = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(document.statusCode).toBe(200);
    const schema = astToString(await openapiTS(document.json() as Parameters<typeof openapiTS>[0]));
    await fs.rm(workDir, { recursive: true, force: true });
    await fs.mkdir(workDir, { recursive: true });
    try {
      await fs.writeFile(path.join(workDir, 'schema.ts'), schema);
      await fs.writeFile(path.join(workDir, 'client.ts'), CLIENT_SOURCE);
      await fs.writeFile(path.join(workDir, 'wrong.ts'), WRONG_SOURCE);

      const [clientErrors, wrongErrors] = compile([path.join(workDir, 'client.ts'), path.join(workDir, 'wrong.ts')]);
      expect(clientErrors).toEqual([]);
      expect(wrongErrors!.join('\n')).toMatch(/password/);

      // The real calls: the client, transpiled as an integrator's build would, against the listening server.
      for (const name of ['schema', 'client']) {
        const source = await fs.readFile(path.join(workDir, `${name}.ts`), 'utf8');
        const output = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false } }).outputText;
        await fs.writeFile(path.join(workDir, `${name}.mjs`), output.replace("from './schema'", "from './schema.mjs'"));
      }
      const baseUrl = await listenOnFreePort(t.app);
      const password = 'Segreta123';
      await t.createUser({ email: 'integratore@example.it', password });
      const { run } = (await import(/* @vite-ignore */ pathToFileURL(path.join(workDir, 'client.mjs')).href)) as {
        run: (baseUrl: string, login: object, person: object, search: string) => Promise<{ role: string; id: string; location: string | null; listed: string[]; total: string | null }>;
      };
      const answer = await run(baseUrl, { email: 'integratore@example.it', password }, MARIO, 'Rossi');
      expect(answer).toEqual({ role: 'corner', id: expect.any(String), location: `/api/clients/${answer.id}`, listed: [answer.id], total: '1' });
    } finally {
      await fs.rm(workDir, { recursive: true, force: true });
    }
    // A TypeScript program over a 180-route document: seconds alone, more beside the other suites.
  }, 180_000);
});
