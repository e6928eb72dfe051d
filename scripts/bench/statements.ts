/**
 * Splits a round trip into its statements. The proxy only sees a batch as a whole (a feed page and its
 * COUNT(*) travel together), so after measuring a size the benchmark replays each statement of every
 * multi-statement batch once, directly against the database file, and records its time and the main lines
 * of SQLite's query plan. That says which half of "page + count" grows, and why (a SCAN, a temp B-tree).
 */
import Database from "libsql";
import { type CapturedStatement, describeStatement } from "./hrana.ts";
import { nth } from "./lists.ts";
import { median } from "./measure.ts";

export interface StatementTiming {
  what: string;
  ms: number;
  rows: number;
  /** The query plan's table accesses and sorts, subqueries' index seeks left out. */
  plan: string[];
}

/**
 * Runs each statement against the file (read-only, while nothing else is querying it) and reports its time
 * (the median of three runs when it is quick, one run otherwise) and its plan.
 */
export function replayStatements(file: string, statements: CapturedStatement[]): StatementTiming[] {
  const db = new Database(file, { readonly: true });
  try {
    return statements.map(({ sql, args }) => {
      const statement = db.prepare(sql);
      const times: number[] = [];
      let rows = 0;
      do {
        const started = performance.now();
        rows = statement.all(...args).length;
        times.push(performance.now() - started);
      } while (times.length < 3 && nth(times, 0) < 200);
      // How the outer query finds its rows (its first step, scans, OR-by-index, sorts) and full scans
      // anywhere; primary-key joins and the per-card subqueries' index seeks are the same everywhere and left out.
      const steps = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as Array<{ parent: number; detail: string }>;
      const plan = steps
        .filter(({ parent, detail }, index) =>
          parent === 0
            ? index === 0 ||
              (!/SUBQUERY|CO-ROUTINE/.test(detail) &&
                !/INDEX sqlite_autoindex_\w+ \(id=\?\)( LEFT-JOIN)?$/.test(detail))
            : /^SCAN (?!\(subquery)/.test(detail),
        )
        .map((row) => row.detail);
      return { what: describeStatement(sql), ms: median(times), rows, plan: [...new Set(plan)] };
    });
  } finally {
    db.close();
  }
}
