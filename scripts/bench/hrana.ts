/**
 * Reading the Worker's database requests (Hrana over HTTP, JSON encoding): which statements a round trip
 * carries, and a short name for each, so the report can say where the time goes without a SQL parser.
 */

/** One statement as the Worker sent it, with its arguments decoded. */
export interface CapturedStatement {
  sql: string;
  args: unknown[];
}

type ProtoValue = { type: string; value?: unknown; base64?: string };

/** The statements of one Hrana request body, grouped by batch (a lone execute is a group of one). */
export function statementsOf(body: Buffer): CapturedStatement[][] {
  let parsed: { requests?: unknown[]; batch?: unknown } | undefined;
  try {
    parsed = JSON.parse(body.toString("utf8")) as typeof parsed;
  } catch {
    return [];
  }
  const stored = new Map<number, string>();
  const groups: CapturedStatement[][] = [];
  const decode = (stmt: { sql?: string; sql_id?: number; args?: ProtoValue[] }): CapturedStatement | null => {
    const sql = stmt.sql ?? (stmt.sql_id === undefined ? undefined : stored.get(stmt.sql_id));
    if (!sql || /^\s*(begin|commit|rollback)\b/i.test(sql)) return null;
    return { sql, args: (stmt.args ?? []).map(decodeValue) };
  };
  const batchOf = (batch: { steps?: Array<{ stmt?: object }> }) =>
    (batch.steps ?? []).flatMap((step) => (step.stmt ? [decode(step.stmt)].filter((s) => s !== null) : []));
  for (const request of (parsed?.requests ?? []) as Array<Record<string, unknown>>) {
    if (request.type === "store_sql") stored.set(request.sql_id as number, request.sql as string);
    else if (request.type === "execute") {
      const one = decode(request.stmt as object);
      if (one) groups.push([one]);
    } else if (request.type === "batch") groups.push(batchOf(request.batch as object));
  }
  if (parsed?.batch) groups.push(batchOf(parsed.batch as object)); // /v3/cursor bodies
  return groups.filter((group) => group.length > 0);
}

function decodeValue(value: ProtoValue): unknown {
  switch (value.type) {
    case "null":
      return null;
    case "integer":
    case "float":
      return Number(value.value);
    case "blob":
      return Buffer.from(value.base64 ?? "", "base64");
    default:
      return value.value;
  }
}

/** The statements of one pipeline or cursor request, described briefly and joined with " + ". */
export function describeStatements(sql: string[]): string {
  const described = sql.map(describeStatement).filter((what) => what !== "");
  return described.length ? described.join(" + ") : "protocol only";
}

/**
 * A short name for a statement, from its top-level shape (subqueries removed): the main table, and whether it
 * is a page (LIMIT/OFFSET), a count or a GROUP BY. Heuristic, for reading the report, not for correctness.
 */
export function describeStatement(sql: string): string {
  let top = "";
  let depth = 0;
  for (const char of sql.toLowerCase()) {
    if (char === "(") depth++;
    else if (char === ")") depth--;
    else if (depth === 0) top += char;
  }
  top = top.replace(/\s+/g, " ").trim();
  if (/^(begin|commit|rollback|pragma)\b/.test(top)) return "";
  if (/^with\b/.test(top) && sql.toLowerCase().includes('"tag_counts"')) return "popular tags";
  const verb = top.split(" ")[0] ?? "";
  const table = /\b(?:from|into|update)\s+"?(\w+)"?/.exec(top)?.[1] ?? "?";
  if (verb !== "select") return `${verb} ${table}`;
  if (table === "sessions") return "viewer";
  if (/\bgroup by\b/.test(top)) return table === "connection_tags" ? "popular tags" : `${table} group by`;
  if (/^select count\b/.test(top)) return `count ${table}`;
  if (/\blimit\b/.test(top)) return /\boffset\b/.test(top) ? `${table} page (offset)` : `${table} page`;
  const whole = sql.toLowerCase();
  if (table === "?" && /\bcount\(/.test(whole)) return "count connections";
  // A page whose ids are chosen in a subquery (LIMIT inside, cards built outside).
  if (table === "connections" && /\blimit\b/.test(whole)) return "connections page";
  return table;
}
