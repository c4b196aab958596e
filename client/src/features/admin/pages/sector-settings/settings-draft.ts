import { z } from 'zod';
import { sectorSettingIssue } from '../../../../../../shared/practices/sector-settings';

/**
 * The pure part of the admin's sector settings editors (RC Auto, altri rami, fideiussioni): the number fields'
 * drafts, which keys changed, the first problem of each key as the server would answer it, the server's field
 * errors mapped back to the field, and the altri rami categories' check.
 */

/** A number field's value: the number, or what the admin is typing ('' while empty). */
export type TNumberDraft = number | string;

/** The number of a field's value (NaN while empty or not a number, so that the schema refuses it). */
export const asNumber = (value: TNumberDraft): number => (typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value));

/** A stored number as the field shows it (empty while the admin has cleared it). */
export const shown = (value: number): TNumberDraft => (Number.isNaN(value) ? '' : value);

/** Whether two settings values are the same (plain JSON values). */
export const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The keys whose draft differs from the saved value, in the given order. */
export const changedKeys = <K extends string>(keys: readonly K[], draft: Record<K, unknown>, saved: Record<K, unknown>): K[] =>
  keys.filter((key) => !sameValue(draft[key], saved[key]));

/** One problem of a key's value, by its dotted path inside the value ('' for the value as a whole). */
export type TFieldIssue = { path: string; message: string };

/** The first problem of each key's draft (keys without a problem are absent). */
export const issuesOf = <K extends string>(
  keys: readonly K[],
  draft: Record<K, unknown>,
  issueOf: (key: K, value: unknown) => { path: readonly PropertyKey[]; message: string } | null,
): Partial<Record<K, TFieldIssue>> =>
  Object.fromEntries(
    keys.flatMap((key) => {
      const issue = issueOf(key, draft[key]);
      return issue ? [[key, { path: issue.path.map(String).join('.'), message: issue.message }]] : [];
    }),
  ) as Partial<Record<K, TFieldIssue>>;

/**
 * The server's field errors of a `{ key, value }` update, split into the ones on a field of the value (`value.<path>`,
 * or `value` for the whole) and the others, shown above the form.
 */
export const splitServerFields = (fields: Record<string, string[]>): { onValue: TFieldIssue[]; rest: string[] } => {
  const onValue: TFieldIssue[] = [];
  const rest: string[] = [];
  for (const [path, messages] of Object.entries(fields)) {
    const message = messages.join('\n');
    if (path === 'value') onValue.push({ path: '', message });
    else if (path.startsWith('value.')) onValue.push({ path: path.slice('value.'.length), message });
    else rest.push(message);
  }
  return { onValue, rest };
};

/** A path inside a nested block (fideiussioni keeps its documents under `docs`): '' stays the block itself. */
export const joinPath = (prefix: string, path: string): string => (prefix === '' ? path : path === '' ? prefix : `${prefix}.${path}`);

/** The example premium of the commission editor: 500 € (as the RC Auto card always showed). */
export const EXAMPLE_PREMIUM_CENTS = 50_000;

export { CATEGORIES_MSG, ZAltriRamiCategories } from '../../../../../../shared/practices/rca-settings';

/** The first problem of a categories list, with its path, or null when it is valid (the server's own check). */
export const categoriesIssue = (value: unknown): { path: PropertyKey[]; message: string } | null => sectorSettingIssue('altriRamiCategories', value);

/** A stored categories value as the editor reads it: the list of names, or none when something else is stored. */
export const readCategories = (stored: unknown): string[] =>
  Array.isArray(stored) ? stored.filter((name): name is string => typeof name === 'string') : [];
