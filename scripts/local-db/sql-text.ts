// Just enough of SQLite's tokenizer to reason about SQL text without executing it.
//
// The libsql binding prepares only the first statement of a string (silently ignoring the rest) and exposes
// neither sqlite3_bind_parameter_name() nor the statement kind. sqld (the real server) knows all three, and
// the protocol depends on them: `execute` must reject several statements, named arguments are matched by
// parameter name, `sequence` runs statement by statement and `last_insert_rowid` is only reported for
// INSERTs. So we re-derive them from the text, skipping string literals, quoted identifiers and comments.

type Token =
  | { kind: "word"; start: number; end: number; upper: string } // keyword, identifier or number
  | { kind: "param"; start: number; end: number; name: string } // ?, ?NNN, :name, @name, $name
  | { kind: "semi" | "open" | "close" | "other"; start: number; end: number };

const WHITESPACE = new Set([" ", "\t", "\n", "\f", "\r"]);

// SQLite's IdChar(): letters, digits, "_", "$" and every non-ASCII character.
function isIdChar(ch: string | undefined): boolean {
  return ch !== undefined && (/[A-Za-z0-9_$]/.test(ch) || ch.charCodeAt(0) >= 0x80);
}

function isDigit(ch: string | undefined): boolean {
  return ch !== undefined && ch >= "0" && ch <= "9";
}

/** Index just past a quoted literal starting at `start`; a doubled quote character escapes itself. */
function skipQuoted(sql: string, start: number, quote: string): number {
  let i = start + 1;
  for (;;) {
    const end = sql.indexOf(quote, i);
    if (end < 0) return sql.length;
    if (sql[end + 1] !== quote) return end + 1;
    i = end + 2;
  }
}

function* tokenize(sql: string): Generator<Token> {
  let i = 0;
  while (i < sql.length) {
    const ch = sql.charAt(i);
    const start = i;
    if (WHITESPACE.has(ch)) {
      i++;
    } else if (ch === "-" && sql[i + 1] === "-") {
      const end = sql.indexOf("\n", i);
      i = end < 0 ? sql.length : end + 1;
    } else if (ch === "/" && sql[i + 1] === "*") {
      const end = sql.indexOf("*/", i + 2);
      i = end < 0 ? sql.length : end + 2;
    } else if (ch === "'" || ch === '"' || ch === "`") {
      i = skipQuoted(sql, i, ch);
      yield { kind: "other", start, end: i };
    } else if (ch === "[") {
      const end = sql.indexOf("]", i);
      i = end < 0 ? sql.length : end + 1;
      yield { kind: "other", start, end: i };
    } else if (ch === "?") {
      i++;
      while (isDigit(sql[i])) i++;
      yield { kind: "param", start, end: i, name: sql.slice(start, i) };
    } else if ((ch === ":" || ch === "@" || ch === "$") && isIdChar(sql[i + 1])) {
      i++;
      while (isIdChar(sql[i])) i++;
      yield { kind: "param", start, end: i, name: sql.slice(start, i) };
    } else if (isIdChar(ch)) {
      while (isIdChar(sql[i])) i++;
      yield { kind: "word", start, end: i, upper: sql.slice(start, i).toUpperCase() };
    } else {
      i++;
      const kind = ch === ";" ? "semi" : ch === "(" ? "open" : ch === ")" ? "close" : "other";
      yield { kind, start, end: i };
    }
  }
}

// Statement boundaries follow sqlite3_complete() (SQLite's src/complete.c): a ";" ends a statement unless
// it is inside the body of a CREATE TRIGGER, which only ends at "END;". Columns are the token classes
// below (the whitespace column is dropped because whitespace never changes the state); state 1 means
// "a statement has just ended".
const SEMI = 0,
  OTHER = 1,
  EXPLAIN = 2,
  CREATE = 3,
  TEMP = 4,
  TRIGGER = 5,
  END = 6;
type TokenClass =
  | typeof SEMI
  | typeof OTHER
  | typeof EXPLAIN
  | typeof CREATE
  | typeof TEMP
  | typeof TRIGGER
  | typeof END;
type State = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;
type Row = readonly [State, State, State, State, State, State, State];
const TRANSITIONS: readonly [Row, Row, Row, Row, Row, Row, Row, Row] = [
  /* 0 invalid */ [1, 2, 3, 4, 2, 2, 2],
  /* 1 start   */ [1, 2, 3, 4, 2, 2, 2],
  /* 2 normal  */ [1, 2, 2, 2, 2, 2, 2],
  /* 3 explain */ [1, 3, 2, 4, 2, 2, 2],
  /* 4 create  */ [1, 2, 2, 2, 4, 5, 2],
  /* 5 trigger */ [6, 5, 5, 5, 5, 5, 5],
  /* 6 semi    */ [6, 5, 5, 5, 5, 5, 7],
  /* 7 end     */ [1, 5, 5, 5, 5, 5, 5],
];

function tokenClass(token: Token): TokenClass {
  if (token.kind === "semi") return SEMI;
  if (token.kind !== "word") return OTHER;
  switch (token.upper) {
    case "EXPLAIN":
      return EXPLAIN;
    case "CREATE":
      return CREATE;
    case "TEMP":
    case "TEMPORARY":
      return TEMP;
    case "TRIGGER":
      return TRIGGER;
    case "END":
      return END;
    default:
      return OTHER;
  }
}

/** Splits SQL text into its statements (each including its terminating ";"), dropping empty ones. */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let state: State = 0;
  let first: Token | undefined; // first non-";" token of the current statement
  let last: Token | undefined;
  for (const token of tokenize(sql)) {
    state = TRANSITIONS[state][tokenClass(token)];
    if (token.kind !== "semi" || first !== undefined) {
      first ??= token;
      last = token;
    }
    if (state === 1 && first !== undefined) {
      statements.push(sql.slice(first.start, token.end));
      first = undefined;
    }
  }
  if (first !== undefined && last !== undefined) statements.push(sql.slice(first.start, last.end));
  return statements;
}

export interface StatementInfo {
  /** Name of each parameter slot (index 0 is parameter 1), e.g. ":id" or "?3"; null for a bare "?". */
  params: (string | null)[];
  isExplain: boolean;
  /** INSERT or REPLACE, possibly behind a WITH clause: the statements that report `last_insert_rowid`. */
  isInsert: boolean;
}

/** Analyzes a single statement (see splitStatements()). */
export function analyzeStatement(sql: string): StatementInfo {
  const params: (string | null)[] = [];
  let firstWord: string | undefined;
  let mainVerb: string | undefined;
  let depth = 0;
  for (const token of tokenize(sql)) {
    if (token.kind === "open") depth++;
    else if (token.kind === "close") depth--;
    else if (token.kind === "param") addParam(params, token.name);
    else if (token.kind === "word") {
      firstWord ??= token.upper;
      // CTE bodies sit inside parentheses, so the first top-level verb is the statement's own.
      if (depth === 0 && mainVerb === undefined && MAIN_VERBS.has(token.upper)) mainVerb = token.upper;
    }
  }
  return {
    params,
    isExplain: firstWord === "EXPLAIN",
    isInsert: firstWord !== "EXPLAIN" && (mainVerb === "INSERT" || mainVerb === "REPLACE"),
  };
}

const MAIN_VERBS = new Set(["SELECT", "VALUES", "INSERT", "REPLACE", "UPDATE", "DELETE"]);

// Mirrors sqlite3ExprAssignVarNumber(): "?" takes the next free index, "?NNN" takes index NNN, and a named
// parameter reuses the index of an earlier parameter with the same name.
function addParam(params: (string | null)[], name: string): void {
  if (name === "?") {
    params.push(null);
  } else if (name.startsWith("?")) {
    const index = Number(name.slice(1));
    if (index < 1) return; // "?0" is a syntax error that prepare() reports
    while (params.length < index) params.push(null);
    params[index - 1] ??= name;
  } else if (!params.includes(name)) {
    params.push(name);
  }
}
