// Executes Hrana stream requests (execute, batch, sequence, describe, ...) on a stream's connection.
// Semantics follow sqld, libSQL's server, so that code behaves locally the way it will against Turso:
// one statement per `execute`, the same argument binding rules, the same result counters and errors.

import { setTimeout as sleep } from "node:timers/promises";
import type Database from "libsql";
import {
  type BatchCond,
  type BatchStep,
  type Col,
  type CursorEntry,
  type DescribeResult,
  encodeValue,
  type ProtoError,
  type SqlRef,
  type SqlValue,
  type Stmt,
  type StmtResult,
  type StreamRequest,
  type StreamResponse,
  type StreamResult,
} from "./protocol.ts";
import { analyzeStatement, type StatementInfo, splitStatements } from "./sql-text.ts";
import { type SqlConnection, type Stream, StreamClosedError } from "./streams.ts";

// sqld's limits for `store_sql`, so that code which works locally also works against Turso.
const MAX_STORED_SQL_COUNT = 50;
const MAX_STORED_SQL_BYTES = 5000;

/** A failed request, reported to the client as a protocol error result (never as an HTTP failure). */
class RequestError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function handleStreamRequest(stream: Stream, request: StreamRequest): Promise<StreamResult> {
  try {
    return { type: "ok", response: await dispatch(stream, request) };
  } catch (error) {
    return { type: "error", error: toProtoError(error) };
  }
}

async function dispatch(stream: Stream, request: StreamRequest): Promise<StreamResponse> {
  switch (request.type) {
    case "close":
      stream.close();
      return { type: "close" };
    case "execute":
      return { type: "execute", result: await executeStmt(stream.conn, stream.sqls, request.stmt) };
    case "batch": {
      const outcomes = await executeBatch(stream.conn, stream.sqls, request.steps);
      return {
        type: "batch",
        result: {
          step_results: outcomes.map((outcome) => (outcome.type === "ok" ? outcome.result : null)),
          step_errors: outcomes.map((outcome) => (outcome.type === "error" ? outcome.error : null)),
        },
      };
    }
    case "sequence":
      await executeSequence(stream.conn, resolveSql(stream.sqls, request));
      return { type: "sequence" };
    case "describe":
      return { type: "describe", result: await describe(stream.conn, resolveSql(stream.sqls, request)) };
    case "store_sql":
      storeSql(stream.sqls, request.sqlId, request.sql);
      return { type: "store_sql" };
    case "close_sql":
      stream.sqls.delete(request.sqlId);
      return { type: "close_sql" };
    case "get_autocommit":
      return { type: "get_autocommit", is_autocommit: stream.conn.isAutocommit };
  }
}

/** Runs a batch for the v3 cursor endpoint and renders the outcome as cursor entries. */
export async function executeCursor(stream: Stream, steps: BatchStep[]): Promise<CursorEntry[]> {
  try {
    const outcomes = await executeBatch(stream.conn, stream.sqls, steps);
    return outcomes.flatMap((outcome, step): CursorEntry[] => {
      if (outcome.type === "skipped") return [];
      if (outcome.type === "error") return [{ type: "step_error", step, error: outcome.error }];
      const { cols, rows, affected_row_count, last_insert_rowid } = outcome.result;
      return [
        { type: "step_begin", step, cols },
        ...rows.map((row): CursorEntry => ({ type: "row", row })),
        { type: "step_end", affected_row_count, last_insert_rowid },
      ];
    });
  } catch (error) {
    return [{ type: "error", error: toProtoError(error) }];
  }
}

// ---------------------------------------------------------------------------------------------------------
// Statements

async function executeStmt(conn: SqlConnection, sqls: Map<number, string>, stmt: Stmt): Promise<StmtResult> {
  const sql = resolveSql(sqls, stmt);
  const info = statementInfo(sql);
  const args = bindArgs(info, stmt);
  const prepared = await retryWhileBusy(conn, () => conn.prepare(sql));
  try {
    // Retry with the same prepared statement: running it again resets the attempt that hit SQLITE_BUSY.
    return await retryWhileBusy(conn, () => runPrepared(conn, prepared, info, args, stmt.wantRows));
  } catch (error) {
    conn.forget(sql);
    if (sqliteErrorCode(error)?.startsWith("SQLITE_BUSY")) conn.markStuck(); // see Stream.conn
    throw error;
  }
}

/** What the text says about each statement, by text: reading it is slower than running a page's query. */
const analyzed = new Map<string, StatementInfo>();
const MAX_ANALYZED = 1000;

function statementInfo(sql: string): StatementInfo {
  let info = analyzed.get(sql);
  if (info === undefined) {
    info = analyzeStatement(singleStatement(sql));
    if (analyzed.size >= MAX_ANALYZED) analyzed.clear();
    analyzed.set(sql, info);
  }
  return info;
}

function runPrepared(
  conn: SqlConnection,
  prepared: Database.Statement,
  info: StatementInfo,
  args: SqlValue[],
  wantRows: boolean,
): StmtResult {
  const started = performance.now();
  const totalChangesBefore = conn.counters().totalChanges;
  let cols: Col[] = [];
  let rows: unknown[][] = [];
  if (prepared.reader) {
    cols = prepared.columns().map((col) => ({ name: col.name, decltype: col.type }));
    rows = prepared.raw().all(args) as unknown[][];
  } else {
    prepared.run(args);
  }
  const after = conn.counters();
  return {
    cols,
    rows: wantRows ? rows.map((row) => row.map(encodeValue)) : [],
    // changes() keeps the count of the last INSERT/UPDATE/DELETE, so only trust it if this statement
    // changed something.
    affected_row_count: after.totalChanges !== totalChangesBefore ? after.changes : 0,
    last_insert_rowid: info.isInsert ? after.lastInsertRowid.toString() : null,
    query_duration_ms: performance.now() - started,
  };
}

/** The binding would silently run only the first of several statements; sqld refuses them instead. */
function singleStatement(sql: string): string {
  const [statement, ...others] = splitStatements(sql);
  if (statement === undefined) throw new RequestError("SQL_NO_STATEMENT", "SQL string does not contain any statement");
  if (others.length) throw new RequestError("SQL_MANY_STATEMENTS", "SQL string contains more than one statement");
  return statement;
}

// sqld's rules: arguments are either all positional or all named; a named parameter such as ":id" takes the
// argument called ":id", or else "id"; "?NNN" takes positional argument NNN; every parameter needs a value
// (except in EXPLAIN). The result is one value per parameter slot, bound by index.
function bindArgs(info: StatementInfo, stmt: Stmt): SqlValue[] {
  const { args, namedArgs } = stmt;
  if (args.length > 0 && namedArgs.length > 0) {
    throw new RequestError(
      "ARGS_BOTH_POSITIONAL_AND_NAMED",
      "Specifying both positional and named arguments is not supported",
    );
  }
  const given = args.length + namedArgs.length;
  if (given > info.params.length) {
    throw argsInvalid(`too many parameters, expected ${info.params.length} found ${given}`);
  }
  const named = new Map(namedArgs.map(({ name, value }) => [name, value]));
  return info.params.map((name, index) => {
    let value: SqlValue | undefined;
    if (name === null) value = args[index];
    else if (name.startsWith("?")) value = args[Number(name.slice(1)) - 1];
    else value = named.has(name) ? named.get(name) : named.get(name.slice(1));

    if (value === undefined && !info.isExplain) {
      throw argsInvalid(`value for parameter ${name ?? index + 1} not found`);
    }
    return value ?? null;
  });
}

function argsInvalid(detail: string): RequestError {
  return new RequestError("ARGS_INVALID", `Arguments do not match SQL parameters: ${detail}`);
}

// ---------------------------------------------------------------------------------------------------------
// Batches, sequences, describe, stored SQL

type StepOutcome = { type: "ok"; result: StmtResult } | { type: "error"; error: ProtoError } | { type: "skipped" };

async function executeBatch(
  conn: SqlConnection,
  sqls: Map<number, string>,
  steps: BatchStep[],
): Promise<StepOutcome[]> {
  const outcomes: StepOutcome[] = [];
  for (const step of steps) {
    if (step.condition !== undefined && !evaluateCond(step.condition, outcomes, conn)) {
      outcomes.push({ type: "skipped" });
      continue;
    }
    try {
      outcomes.push({ type: "ok", result: await executeStmt(conn, sqls, step.stmt) });
    } catch (error) {
      outcomes.push({ type: "error", error: toProtoError(error) });
    }
  }
  return outcomes;
}

// Steps are evaluated in order and conditions may only refer to earlier steps (checked when decoding).
// As the protocol specifies, a skipped step counts as neither "ok" nor "error".
function evaluateCond(cond: BatchCond, outcomes: StepOutcome[], conn: SqlConnection): boolean {
  switch (cond.type) {
    case "ok":
    case "error":
      return outcomes[cond.step]?.type === cond.type;
    case "not":
      return !evaluateCond(cond.cond, outcomes, conn);
    case "and":
      return cond.conds.every((c) => evaluateCond(c, outcomes, conn));
    case "or":
      return cond.conds.some((c) => evaluateCond(c, outcomes, conn));
    case "is_autocommit":
      return conn.isAutocommit;
  }
}

/** Runs statements one by one (each retried while busy) and stops at the first error, like sqld. */
async function executeSequence(conn: SqlConnection, sql: string): Promise<void> {
  for (const statement of splitStatements(sql)) {
    await retryWhileBusy(conn, () => conn.db.exec(statement)); // exec() cleans up after SQLITE_BUSY itself
  }
}

async function describe(conn: SqlConnection, sql: string): Promise<DescribeResult> {
  const statement = singleStatement(sql);
  const info = analyzeStatement(statement);
  return retryWhileBusy(conn, () => {
    const prepared = conn.db.prepare(statement);
    return {
      params: info.params.map((name) => ({ name })),
      cols: prepared.reader ? prepared.columns().map((col) => ({ name: col.name, decltype: col.type })) : [],
      is_explain: info.isExplain,
      is_readonly: info.isExplain || isReadonly(conn, statement),
    };
  });
}

// The binding has no sqlite3_stmt_readonly(), so apply its rule to the compiled program: a statement is
// read-only unless it opens a write transaction, vacuums or changes the journal mode.
function isReadonly(conn: SqlConnection, statement: string): boolean {
  const program = conn.db.prepare(`EXPLAIN ${statement}`).raw().all() as unknown[][];
  return !program.some(
    ([, opcode, , p2]) => (opcode === "Transaction" && p2 !== 0n) || opcode === "JournalMode" || opcode === "Vacuum",
  );
}

function storeSql(sqls: Map<number, string>, sqlId: number, sql: string): void {
  if (sqls.has(sqlId)) throw new RequestError("SQL_ID_EXISTS", `SQL text with id ${sqlId} is already stored`);
  if (sqls.size >= MAX_STORED_SQL_COUNT) {
    throw new RequestError(
      "SQL_STORE_TOO_MANY",
      `The server already stores ${sqls.size} SQL texts, it cannot store more`,
    );
  }
  if (Buffer.byteLength(sql) > MAX_STORED_SQL_BYTES) {
    throw new RequestError(
      "SQL_STORE_TOO_LARGE",
      `The statement is too large to be stored (over ${MAX_STORED_SQL_BYTES} bytes)`,
    );
  }
  sqls.set(sqlId, sql);
}

function resolveSql(sqls: Map<number, string>, ref: SqlRef): string {
  if (ref.sql !== undefined) return ref.sql;
  const sql = ref.sqlId === undefined ? undefined : sqls.get(ref.sqlId);
  if (sql === undefined) throw new RequestError("SQL_NOT_FOUND", `SQL text with id ${ref.sqlId} was not found`);
  return sql;
}

// ---------------------------------------------------------------------------------------------------------
// Locking and errors

// A statement that fails with SQLITE_BUSY has had no effect, so it can simply run again once the other
// connection (usually another stream of this very server, e.g. an open write transaction) lets go.
async function retryWhileBusy<T>(conn: SqlConnection, run: () => T): Promise<T> {
  const deadline = Date.now() + conn.busyTimeoutMs;
  let waiting = false;
  try {
    for (let delayMs = 1; ; delayMs = Math.min(delayMs * 2, 50)) {
      try {
        return run();
      } catch (error) {
        if (!isRetryable(error) || Date.now() + delayMs > deadline) throw error;
        if (!waiting) conn.lockWaits.count++;
        waiting = true;
        await sleep(delayMs);
      }
    }
  } finally {
    if (waiting) conn.lockWaits.count--;
  }
}

/** SQLITE_BUSY and its variants, except BUSY_SNAPSHOT: a stale read transaction never recovers by waiting. */
function isRetryable(error: unknown): boolean {
  const code = sqliteErrorCode(error);
  return code === "SQLITE_BUSY" || code === "SQLITE_BUSY_RECOVERY" || code === "SQLITE_BUSY_TIMEOUT";
}

function sqliteErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_") ? code : undefined;
}

// sqld reports the primary result code (SQLITE_CONSTRAINT, not SQLITE_CONSTRAINT_UNIQUE) and prefixes the
// message with "SQLite error: "; we do the same so that error handling written locally works on Turso.
// The message still says which constraint failed, e.g. "UNIQUE constraint failed: users.email".
const PRIMARY_CODES = [
  "SQLITE_OK",
  "SQLITE_ERROR",
  "SQLITE_INTERNAL",
  "SQLITE_PERM",
  "SQLITE_ABORT",
  "SQLITE_BUSY",
  "SQLITE_LOCKED",
  "SQLITE_NOMEM",
  "SQLITE_READONLY",
  "SQLITE_INTERRUPT",
  "SQLITE_IOERR",
  "SQLITE_CORRUPT",
  "SQLITE_NOTFOUND",
  "SQLITE_FULL",
  "SQLITE_CANTOPEN",
  "SQLITE_PROTOCOL",
  "SQLITE_EMPTY",
  "SQLITE_SCHEMA",
  "SQLITE_TOOBIG",
  "SQLITE_CONSTRAINT",
  "SQLITE_MISMATCH",
  "SQLITE_MISUSE",
  "SQLITE_NOLFS",
  "SQLITE_AUTH",
  "SQLITE_FORMAT",
  "SQLITE_RANGE",
  "SQLITE_NOTADB",
  "SQLITE_NOTICE",
  "SQLITE_WARNING",
];

function primaryCode(code: string, rawCode: unknown): string {
  // The binding's rawCode is the extended result code, whose low byte is the primary one.
  const primary = typeof rawCode === "number" ? PRIMARY_CODES[rawCode & 0xff] : undefined;
  return primary ?? PRIMARY_CODES.find((name) => code === name || code.startsWith(`${name}_`)) ?? code;
}

function toProtoError(error: unknown): ProtoError {
  if (error instanceof RequestError || error instanceof StreamClosedError) {
    return { message: error.message, code: error.code };
  }
  const message = error instanceof Error ? error.message : String(error);
  const code = sqliteErrorCode(error);
  if (code === undefined) return { message, code: "INTERNAL_ERROR" };
  return { message: `SQLite error: ${message}`, code: primaryCode(code, (error as { rawCode?: unknown }).rawCode) };
}
