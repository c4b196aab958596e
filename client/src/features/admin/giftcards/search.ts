const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Whether any of the texts holds the search, whatever the case and accents ("liberia" does not match, "liBRERIA" does). */
export const matches = (search: string, ...texts: string[]) => {
  const wanted = fold(search.trim());
  return !wanted || texts.some((text) => fold(text).includes(wanted));
};
