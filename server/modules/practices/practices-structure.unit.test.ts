import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The practices module's shape (issue 25): the engine and each part in their own folders, and no part, nor the
 * engine, imports the composition (`practices.compose.ts`) or the module file: what a part needs from the engine is
 * in the engine (`engine/types.ts`), what it needs from another part it is given as an argument by the composition.
 */

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const sources = (readdirSync(ROOT, { recursive: true, encoding: 'utf8' }) as string[]).filter((file) => file.includes(path.sep) && /\.tsx?$/.test(file));

/** The files a source imports (relative specifiers resolved against it), import type included. */
const importsOf = (file: string): string[] =>
  [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((match) => path.relative(ROOT, path.resolve(ROOT, path.dirname(file), match[1]!)));

describe('practices module structure', () => {
  it('keeps every part in a folder and lets none import the composition or the module', () => {
    expect(sources.length).toBeGreaterThan(40);
    const offenders = sources.filter((file) => !file.endsWith('.test.ts')).flatMap((file) => importsOf(file).filter((target) => ['practices.compose', 'practices.module', 'practices.router'].includes(target)).map((target) => `${file} → ${target}`));
    expect(offenders).toEqual([]);
    const loose = (readdirSync(ROOT) as string[]).filter((name) => /\.tsx?$/.test(name));
    // At the top only what assembles the parts: the composition of the services, of the tRPC routers, and the module.
    expect(loose.sort()).toEqual(['practices-structure.unit.test.ts', 'practices.compose.ts', 'practices.module.ts', 'practices.router.ts']);
  });

  it('keeps the engine free of its parts: engine/ imports nothing from another folder of the module', () => {
    const engine = sources.filter((file) => file.startsWith(`engine${path.sep}`) && !file.endsWith('.test.ts'));
    const outward = engine.flatMap((file) => importsOf(file).filter((target) => !target.startsWith('..') && !target.startsWith(`engine${path.sep}`)).map((target) => `${file} → ${target}`));
    expect(outward).toEqual([]);
  });
});
