import { copyFileSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Adds the toy sixth sector, tutela legale, to a copy of the repository at `root`: its definition (the light half in
 * SECTORS and the practice definition in the registry) and its client module (the meta and the module in their
 * lists), and the test that drives it. Answers the files it created and the existing files it edited, so the toy-sector
 * test can hold the count of what a new sector touches. An anchor that is gone fails loudly.
 */

const FILES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'files');

/** The sector's files, created (the journey test is the proof, not part of the sector). */
const CREATED = {
  'shared/practices/tutela-legale.ts': 'tutela-legale.definition.ts.txt',
  'client/src/features/practices/sectors/tutela-legale/meta.ts': 'tutela-legale.meta.ts.txt',
  'client/src/features/practices/sectors/tutela-legale/index.tsx': 'tutela-legale.index.tsx.txt',
} as const;
export const TOY_JOURNEY_TEST = 'server/modules/practices/toy/tutela-legale.journey.test.ts';

const SECTOR_ENTRY = `  'tutela-legale': {
    slug: 'tutela-legale',
    label: 'Tutela legale',
    brokerType: 'tutela legale',
    settingsPrefix: 'tutelaLegale',
    eventPrefix: 'tl',
    route: '/tutela-legale',
    kind: 'insurance',
    states: INSURANCE_STATES,
    settings: { admin: ['tutelaLegaleConfig'], broker: [] },
  },
`;

/** One entry in a list: its import after the file's last import, its line before the list's end. */
const EDITS: readonly { file: string; importLine?: string; entry: string; before: RegExp; after?: string }[] = [
  { file: 'shared/sectors.ts', entry: SECTOR_ENTRY, after: 'export const SECTORS = {', before: /^} as const;$/m },
  {
    file: 'shared/practices/registry.ts',
    importLine: "import { tutelaLegaleDefinition } from './tutela-legale';",
    entry: "  'tutela-legale': tutelaLegaleDefinition,\n",
    before: /^} satisfies \{ \[S in TSectorSlug\]/m,
  },
  {
    file: 'client/src/features/practices/sectors/meta-list.ts',
    importLine: "import { tutelaLegaleMeta } from './tutela-legale/meta';",
    entry: "  'tutela-legale': tutelaLegaleMeta,\n",
    before: /^} satisfies TSectorList</m,
  },
  {
    file: 'client/src/features/practices/sectors/module-list.ts',
    importLine: "import { tutelaLegaleModule } from './tutela-legale';",
    entry: "  'tutela-legale': tutelaLegaleModule,\n",
    before: /^} satisfies TSectorList</m,
  },
];

export const applyToySector = (root: string): { created: string[]; edited: string[] } => {
  for (const [target, source] of Object.entries(CREATED)) {
    mkdirSync(path.dirname(path.join(root, target)), { recursive: true });
    copyFileSync(path.join(FILES, source), path.join(root, target));
  }
  mkdirSync(path.dirname(path.join(root, TOY_JOURNEY_TEST)), { recursive: true });
  copyFileSync(path.join(FILES, 'tutela-legale.journey.test.ts.txt'), path.join(root, TOY_JOURNEY_TEST));
  for (const edit of EDITS) {
    const file = path.join(root, edit.file);
    let text = readFileSync(file, 'utf8');
    const start = edit.after === undefined ? 0 : text.indexOf(edit.after);
    const end = start < 0 ? null : edit.before.exec(text.slice(start));
    if (!end) throw new Error(`${edit.file}: the end of its list is gone (${edit.after ?? ''} … ${edit.before})`);
    const at = start + end.index;
    text = `${text.slice(0, at)}${edit.entry}${text.slice(at)}`;
    if (edit.importLine) {
      const lastImport = [...text.matchAll(/^import [^;]+;$/gm)].at(-1);
      if (!lastImport) throw new Error(`${edit.file}: no import to add one after`);
      const at = lastImport.index + lastImport[0].length;
      text = `${text.slice(0, at)}\n${edit.importLine}${text.slice(at)}`;
    }
    writeFileSync(file, text);
  }
  return { created: Object.keys(CREATED), edited: EDITS.map((edit) => edit.file) };
};
