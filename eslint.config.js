// Boundary rules only ("Calls flow one way", /work/shared/style.md): no style rules, so existing code needs no
// reformatting. server/platform/boundaries.unit.test.ts proves each rule fires on a fixture.
import { readdirSync } from 'node:fs';
import importPlugin from 'eslint-plugin-import';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const features = readdirSync(`${root}/client/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default [
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.data-test/**',
      'e2e/screenshots/**',
      'bench/results/**',
      // Deliberately broken code, linted only by boundaries.unit.test.ts.
      'server/testing/lint-fixtures/**',
    ],
  },
  {
    files: [
      'server/**/*.{ts,tsx}',
      'shared/**/*.{ts,tsx}',
      'client/src/**/*.{ts,tsx}',
      'migrations/**/*.{ts,tsx}',
      'bench/**/*.{ts,tsx}',
      'e2e/**/*.{ts,tsx}',
      'scripts/**/*.{ts,tsx}',
    ],
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    languageOptions: {
      parser: tseslint.parser,
      ecmaVersion: 'latest',
      sourceType: 'module',
    },
    plugins: { import: importPlugin },
    settings: {
      // Without a parser and a resolver for .ts files the plugin cannot follow our imports, and its path rules
      // silently find nothing. Imports are relative and extensionless (no path aliases), so the node resolver with the
      // TypeScript extensions resolves them. (eslint-plugin-import-x needs unrs-resolver, whose platform binaries
      // the registry here does not all serve, which leaves a lock file that `npm ci` refuses.)
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      // Import cycles are checked by scripts/check-cycles.ts (dpdm, the second half of `npm run lint`): it reads the
      // graph once, where `import/no-cycle` walked it from every file, a fifth of the time.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            // bulletproof-react: no feature imports another feature.
            ...features.map((feature) => ({
              target: `./client/src/features/${feature}`,
              from: './client/src/features',
              except: [`./${feature}`],
              message: 'A client feature may not import another feature; move the shared part to client/src/lib or client/src/components.',
            })),
            // shared components -> features -> app.
            {
              target: ['./client/src/components', './client/src/lib'],
              from: ['./client/src/features', './client/src/app'],
              message: 'Shared client code may not depend on features or the app.',
            },
            {
              target: './client/src/features',
              from: './client/src/app',
              message: 'A feature may not import from the app layer.',
            },
            // router | rest | socket -> service -> repository -> Kysely.
            {
              target: ['./server/**/*.rest.ts', './server/**/*.router.ts', './server/**/*.socket.ts'],
              from: './server/db',
              message: 'Adapters (rest, router, socket) may not touch the database; call a service.',
            },
          ],
        },
      ],
    },
  },
  {
    // The lowest layers know no module: the modules plug into them (descriptors, TServices by declaration merging),
    // and server/composition/modules.ts assembles them. Tests may build a whole app.
    files: ['server/platform/**/*.ts', 'server/realtime/**/*.ts', 'server/db/**/*.ts', 'server/trpc/trpc.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./server/platform', './server/realtime', './server/db', './server/trpc/trpc.ts'],
              from: ['./server/modules', './server/composition'],
              message: 'platform, realtime, db and trpc.ts may not import a module or the composition; a module plugs into them.',
            },
          ],
        },
      ],
    },
  },
  {
    // Services do not import tRPC, Fastify or socket.io (style.md).
    files: ['server/**/*.service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['fastify', 'fastify/*', '@fastify/*', 'fastify-plugin', '@trpc/server', '@trpc/server/*', 'socket.io', 'socket.io/*'],
              message: 'Services are transport-free: no Fastify, tRPC or socket.io imports.',
            },
          ],
        },
      ],
    },
  },
];
