const count = new Intl.NumberFormat('it-IT');

/** The Italian noun for `n` things: the singular for exactly 1, the plural for 0 and for more ("0 notifiche"). */
export const pluralize = (n: number, singular: string, plural: string): string => (n === 1 ? singular : plural);

/** A count with its noun in the right number: "1 notifica", "3 notifiche", "12.500 documenti". */
export const formatCount = (n: number, singular: string, plural: string): string => `${count.format(n)} ${pluralize(n, singular, plural)}`;

/** "a" or, before a word starting with "a" (the euphonic d: "scrivi ad assistenza@…"), "ad". */
export const prepositionBefore = (next: string): 'a' | 'ad' => (/^a/i.test(next.trim()) ? 'ad' : 'a');
