// The JSON encoding of Hrana over HTTP (versions 2 and 3), as spoken by @libsql/hrana-client:
// request decoding (with validation, since anything can arrive over HTTP), value conversion and the
// response shapes.

import { randomUUID } from "node:crypto";

/** A request body that does not follow the protocol; answered with HTTP 400. */
export class ProtocolError extends Error {}

// ---------------------------------------------------------------------------------------------------------
// Values

/** A value as the libsql binding takes and returns it (integers as BigInt, via safeIntegers). */
export type SqlValue = null | bigint | number | string | Uint8Array;

export type ProtoValue =
  | { type: "null" }
  | { type: "integer"; value: string }
  | { type: "float"; value: number | NonFiniteFloat }
  | { type: "text"; value: string }
  | { type: "blob"; base64: string };

const MIN_INT64 = -(2n ** 63n);
const MAX_INT64 = 2n ** 63n - 1n;

export function encodeValue(value: unknown): ProtoValue {
  if (value === null || value === undefined) return { type: "null" };
  if (typeof value === "bigint") return { type: "integer", value: value.toString() };
  // With safeIntegers on, SQLite integers always arrive as BigInt, so a JS number is a REAL.
  if (typeof value === "number") {
    if (Number.isNaN(value)) return { type: "null" }; // as JSON would have it (SQLite itself never returns NaN)
    return { type: "float", value: Number.isFinite(value) ? value : new NonFiniteFloat(value) };
  }
  if (typeof value === "string") return { type: "text", value };
  if (value instanceof Uint8Array || value instanceof ArrayBuffer) {
    return { type: "blob", base64: Buffer.from(value).toString("base64") };
  }
  throw new Error(`Unsupported value from SQLite: ${typeof value}`);
}

function decodeValue(raw: unknown, where: string): SqlValue {
  const obj = expectObject(raw, where);
  switch (obj.type) {
    case "null":
      return null;
    case "integer":
      return decodeInteger(obj.value, `${where}.value`);
    case "float":
      return expectNumber(obj.value, `${where}.value`);
    case "text":
      return expectString(obj.value, `${where}.value`);
    case "blob": {
      const base64 = expectString(obj.base64, `${where}.base64`);
      if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(base64)) throw new ProtocolError(`${where}.base64 is not base64`);
      return Buffer.from(base64, "base64");
    }
    default:
      throw new ProtocolError(`${where}.type must be null, integer, float, text or blob`);
  }
}

// Integers travel as decimal strings so that all 64 bits survive JSON.
function decodeInteger(raw: unknown, where: string): bigint {
  const text = typeof raw === "number" && Number.isSafeInteger(raw) ? String(raw) : raw;
  if (typeof text !== "string" || !/^-?\d+$/.test(text)) {
    throw new ProtocolError(`${where} must be an integer in a string`);
  }
  const value = BigInt(text);
  if (value < MIN_INT64 || value > MAX_INT64) throw new ProtocolError(`${where} does not fit in 64 bits`);
  return value;
}

// ---------------------------------------------------------------------------------------------------------
// Requests

export interface Stmt {
  sql?: string;
  sqlId?: number;
  args: SqlValue[];
  namedArgs: { name: string; value: SqlValue }[];
  wantRows: boolean;
}

export type BatchCond =
  | { type: "ok" | "error"; step: number }
  | { type: "not"; cond: BatchCond }
  | { type: "and" | "or"; conds: BatchCond[] }
  | { type: "is_autocommit" };

export interface BatchStep {
  condition?: BatchCond;
  stmt: Stmt;
}

/** SQL given either inline or as the id of a text stored earlier with `store_sql`. */
export interface SqlRef {
  sql?: string;
  sqlId?: number;
}

export type StreamRequest =
  | { type: "close" }
  | { type: "execute"; stmt: Stmt }
  | { type: "batch"; steps: BatchStep[] }
  | ({ type: "sequence" } & SqlRef)
  | ({ type: "describe" } & SqlRef)
  | { type: "store_sql"; sqlId: number; sql: string }
  | { type: "close_sql"; sqlId: number }
  | { type: "get_autocommit" };

export interface PipelineRequest {
  baton: string | null;
  requests: StreamRequest[];
}

export interface CursorRequest {
  baton: string | null;
  steps: BatchStep[];
}

export function decodePipelineRequest(body: unknown): PipelineRequest {
  const obj = expectObject(body, "body");
  const requests = expectArray(obj.requests, "requests");
  return {
    baton: decodeBaton(obj.baton),
    requests: requests.map((request, i) => decodeStreamRequest(request, `requests[${i}]`)),
  };
}

export function decodeCursorRequest(body: unknown): CursorRequest {
  const obj = expectObject(body, "body");
  return { baton: decodeBaton(obj.baton), steps: decodeBatch(obj.batch, "batch") };
}

function decodeBaton(raw: unknown): string | null {
  return raw === undefined || raw === null ? null : expectString(raw, "baton");
}

function decodeStreamRequest(raw: unknown, where: string): StreamRequest {
  const obj = expectObject(raw, where);
  const type = obj.type;
  switch (type) {
    case "close":
    case "get_autocommit":
      return { type };
    case "execute":
      return { type, stmt: decodeStmt(obj.stmt, `${where}.stmt`) };
    case "batch":
      return { type, steps: decodeBatch(obj.batch, `${where}.batch`) };
    case "sequence":
    case "describe":
      return { type, ...decodeSqlRef(obj, where) };
    case "store_sql":
      return {
        type,
        sqlId: expectSqlId(obj.sql_id, `${where}.sql_id`),
        sql: expectString(obj.sql, `${where}.sql`),
      };
    case "close_sql":
      return { type, sqlId: expectSqlId(obj.sql_id, `${where}.sql_id`) };
    default:
      throw new ProtocolError(`${where}.type ${JSON.stringify(type)} is not a known request type`);
  }
}

function decodeSqlRef(obj: Record<string, unknown>, where: string): SqlRef {
  const hasSql = obj.sql !== undefined && obj.sql !== null;
  const hasSqlId = obj.sql_id !== undefined && obj.sql_id !== null;
  if (hasSql === hasSqlId) throw new ProtocolError(`${where} needs exactly one of sql and sql_id`);
  return hasSql
    ? { sql: expectString(obj.sql, `${where}.sql`) }
    : { sqlId: expectSqlId(obj.sql_id, `${where}.sql_id`) };
}

function decodeStmt(raw: unknown, where: string): Stmt {
  const obj = expectObject(raw, where);
  const args = optionalArray(obj.args, `${where}.args`);
  const namedArgs = optionalArray(obj.named_args, `${where}.named_args`);
  const wantRows = obj.want_rows;
  if (wantRows !== undefined && wantRows !== null && typeof wantRows !== "boolean") {
    throw new ProtocolError(`${where}.want_rows must be a boolean`);
  }
  return {
    ...decodeSqlRef(obj, where),
    args: args.map((arg, i) => decodeValue(arg, `${where}.args[${i}]`)),
    namedArgs: namedArgs.map((arg, i) => {
      const argObj = expectObject(arg, `${where}.named_args[${i}]`);
      return {
        name: expectString(argObj.name, `${where}.named_args[${i}].name`),
        value: decodeValue(argObj.value, `${where}.named_args[${i}].value`),
      };
    }),
    wantRows: wantRows ?? true,
  };
}

function decodeBatch(raw: unknown, where: string): BatchStep[] {
  const steps = expectArray(expectObject(raw, where).steps, `${where}.steps`);
  return steps.map((rawStep, i) => {
    const step = expectObject(rawStep, `${where}.steps[${i}]`);
    const condition = step.condition;
    return {
      condition:
        condition === undefined || condition === null
          ? undefined
          : decodeCond(condition, `${where}.steps[${i}].condition`, i),
      stmt: decodeStmt(step.stmt, `${where}.steps[${i}].stmt`),
    };
  });
}

/** `stepIndex` is the index of the step the condition belongs to: it may only look at earlier steps. */
function decodeCond(raw: unknown, where: string, stepIndex: number): BatchCond {
  const obj = expectObject(raw, where);
  const type = obj.type;
  switch (type) {
    case "ok":
    case "error": {
      const step = obj.step;
      if (!Number.isInteger(step) || (step as number) < 0 || (step as number) >= stepIndex) {
        throw new ProtocolError(`${where}.step must refer to an earlier step`);
      }
      return { type, step: step as number };
    }
    case "not":
      return { type, cond: decodeCond(obj.cond, `${where}.cond`, stepIndex) };
    case "and":
    case "or":
      return {
        type,
        conds: expectArray(obj.conds, `${where}.conds`).map((cond, i) =>
          decodeCond(cond, `${where}.conds[${i}]`, stepIndex),
        ),
      };
    case "is_autocommit":
      return { type };
    default:
      throw new ProtocolError(`${where}.type ${JSON.stringify(type)} is not a known condition type`);
  }
}

function expectObject(raw: unknown, where: string): Record<string, unknown> {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw new ProtocolError(`${where} must be an object`);
  }
  return raw as Record<string, unknown>;
}

function expectArray(raw: unknown, where: string): unknown[] {
  if (!Array.isArray(raw)) throw new ProtocolError(`${where} must be an array`);
  return raw;
}

function optionalArray(raw: unknown, where: string): unknown[] {
  return raw === undefined || raw === null ? [] : expectArray(raw, where);
}

function expectString(raw: unknown, where: string): string {
  if (typeof raw !== "string") throw new ProtocolError(`${where} must be a string`);
  return raw;
}

function expectNumber(raw: unknown, where: string): number {
  if (typeof raw !== "number") throw new ProtocolError(`${where} must be a number`);
  return raw;
}

function expectSqlId(raw: unknown, where: string): number {
  if (!Number.isSafeInteger(raw)) throw new ProtocolError(`${where} must be an integer`);
  return raw as number;
}

// ---------------------------------------------------------------------------------------------------------
// Responses

/** The protocol-level error object; `code` is what the client exposes as `LibsqlError.code`. */
export interface ProtoError {
  message: string;
  code: string;
}

export interface Col {
  name: string | null;
  decltype: string | null;
}

export interface StmtResult {
  cols: Col[];
  rows: ProtoValue[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
  query_duration_ms: number;
}

export interface BatchResult {
  step_results: (StmtResult | null)[];
  step_errors: (ProtoError | null)[];
}

export interface DescribeResult {
  params: { name: string | null }[];
  cols: { name: string; decltype: string | null }[];
  is_explain: boolean;
  is_readonly: boolean;
}

export type StreamResponse =
  | { type: "close" | "sequence" | "store_sql" | "close_sql" }
  | { type: "execute"; result: StmtResult }
  | { type: "batch"; result: BatchResult }
  | { type: "describe"; result: DescribeResult }
  | { type: "get_autocommit"; is_autocommit: boolean };

export type StreamResult = { type: "ok"; response: StreamResponse } | { type: "error"; error: ProtoError };

export interface PipelineResponse {
  baton: string | null;
  base_url: string | null;
  results: StreamResult[];
}

export type CursorEntry =
  | { type: "step_begin"; step: number; cols: Col[] }
  | { type: "step_end"; affected_row_count: number; last_insert_rowid: string | null }
  | { type: "step_error"; step: number; error: ProtoError }
  | { type: "row"; row: ProtoValue[] }
  | { type: "error"; error: ProtoError };

// JSON has no Infinity, but SQLite REALs can be infinite (never NaN: SQLite stores NaN as NULL). JSON.parse()
// (which the client uses) reads the out-of-range literal 1e999 as Infinity, so an infinite result value is written
// as a unique placeholder string and then replaced by that literal. Marking the values as they are encoded keeps
// JSON.stringify() free of a replacer, which called back for every value of every row (0.5 ms of a feed page's
// round trip).
const NON_FINITE = `__non_finite_${randomUUID()}__`;
const NON_FINITE_PATTERN = new RegExp(`"${NON_FINITE}(-?)inf"`, "g");

/** An infinite REAL in a result, written by `stringifyJson` as the literal `1e999` or `-1e999`. */
export class NonFiniteFloat {
  constructor(readonly value: number) {}
  toJSON(): string {
    return `${NON_FINITE}${this.value < 0 ? "-" : ""}inf`;
  }
}

export function stringifyJson(body: unknown): string {
  const json = JSON.stringify(body);
  return json.includes(NON_FINITE) ? json.replace(NON_FINITE_PATTERN, (_match, sign: string) => `${sign}1e999`) : json;
}
