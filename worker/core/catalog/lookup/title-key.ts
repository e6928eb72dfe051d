/**
 * Titles and names as the lookup compares them: Unicode-normalised without accents, lower case, punctuation as
 * space, "&" as "and", and a title's leading or trailing article dropped ("Martian, The" = "The Martian").
 */
export function nameKey(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replaceAll("&", " and ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

export function titleKey(title: string): string {
  const key = nameKey(title);
  return key.replace(/^(the|a|an) (?=.)/, "").replace(/(?<=.) (the|a|an)$/, "");
}
