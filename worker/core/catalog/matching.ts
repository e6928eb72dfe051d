import { NEW_WORK } from "../rules/index.ts";

/**
 * Which work a post means, among the works read for it (decision 019). One rule for movies and books: a movie's
 * detail is its year, a book's its author's key; null is "not given". Pure, so the rule is tested on its own.
 */

/** A work as the rule sees it. */
export interface Candidate {
  id: string;
  titleKey: string | null;
}

/** What the post says about its work. */
export interface WantedWork<Row extends Candidate> {
  titleKey: string;
  detail: number | string | null;
  /** The work holding one of the post's external ids, if any does; it wins over the title. */
  known: Row | undefined;
  /** Whether the post gave any external id (then it is never asked which work it means). */
  hasExternalIds: boolean;
}

/** The create page's choices: ask when a title matches several works; a work picked from a question, or "new". */
export interface WorkChoice {
  ask: boolean;
  pick?: string;
}

/** A match a post can be written with. */
export type Settled<Row> =
  /** An existing work: the post joins it. */
  | { row: Row }
  /**
   * The work with this title and detail, created unless a racing post just did (the unique identity index
   * decides). `claim` is the title's only work without a detail: it is given this one first, if still free.
   */
  | { create: { claim: Row | null } };

/** Or: several works have this title and the post does not say which (only when asked to ask). */
export type WorkMatch<Row> = Settled<Row> | { ambiguous: Row[] };

/**
 * - A known external id wins.
 * - A work picked from the page's question, if it still has this title.
 * - With a detail: the work with the same title and detail; else the title's only work if it has no detail
 *   (which takes this one); else a new work.
 * - Without a detail: the title's only work; with several, a question when asked to ask, else the title's work
 *   without a detail (created if there is none). "new" skips the first two.
 */
export function matchWork<Row extends Candidate>(
  rows: readonly Row[],
  wanted: WantedWork<Row>,
  detailOf: (row: Row) => number | string | null,
  choice: WorkChoice,
): WorkMatch<Row> {
  if (wanted.known) return { row: wanted.known };
  const titled = rows.filter((row) => row.titleKey === wanted.titleKey);
  const picked = choice.pick ? titled.find((row) => row.id === choice.pick) : undefined;
  if (picked) return { row: picked };
  const same = titled.find((row) => detailOf(row) === wanted.detail);
  if (wanted.detail !== null) {
    if (same) return { row: same };
    const [only, ...others] = titled;
    return { create: { claim: only && !others.length && detailOf(only) === null ? only : null } };
  }
  if (choice.pick !== NEW_WORK) {
    if (titled.length === 1 && titled[0]) return { row: titled[0] };
    if (titled.length > 1 && choice.ask && !wanted.hasExternalIds) return { ambiguous: titled };
  }
  return same ? { row: same } : { create: { claim: null } };
}

/** The work with exactly this title and detail (an edit of a book's author), else a new one. */
export function sameWork<Row extends Candidate>(
  rows: readonly Row[],
  wanted: Pick<WantedWork<Row>, "titleKey" | "detail">,
  detailOf: (row: Row) => number | string | null,
): Settled<Row> {
  const same = rows.find((row) => row.titleKey === wanted.titleKey && detailOf(row) === wanted.detail);
  return same ? { row: same } : { create: { claim: null } };
}

/** The first work holding one of the post's external ids, in the order given (the most specific first). */
export function knownWork<Row>(rows: readonly Row[], ids: ReadonlyArray<{ field: keyof Row; value: string }>) {
  for (const { field, value } of ids) {
    const row = rows.find((candidate) => candidate[field] === value);
    if (row) return row;
  }
  return undefined;
}
