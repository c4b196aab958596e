/**
 * A sentence ending in a name or a title closes with a full stop, unless the name already ends with one («Allianz
 * S.p.A.», never «Allianz S.p.A..»), or with another closing mark.
 */
export const endSentence = (text: string): string => (/[.!?…]$/.test(text.trimEnd()) ? text.trimEnd() : `${text}.`);
