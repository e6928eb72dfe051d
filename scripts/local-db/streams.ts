// Hrana streams over HTTP: each stream owns its own SQLite connection to the database file, so an
// interactive transaction on one stream is isolated from every other stream. Between two HTTP requests a
// stream is identified by a baton, an unguessable token that is single-use: every response hands out a
// fresh one, which makes a replayed or concurrent request on the same stream fail instead of interleaving.

import { randomBytes } from "node:crypto";
import Database from "libsql";

/** A request that can no longer reach its stream; `code` becomes the client's `LibsqlError.code`. */
export class BatonError extends Error {
  constructor(
    message: string,
    readonly code: "BATON_INVALID" | "STREAM_EXPIRED",
  ) {
    super(message);
  }
}

/** A request sent on a stream after its `close` request. */
export class StreamClosedError extends Error {
  readonly code = "STREAM_CLOSED";
}

/** The statements of one server that are waiting right now for a lock another connection holds. */
export interface LockWaits {
  count: number;
}

/** Prepared statements a connection keeps, as a database server does: an app sends the same few texts again and again. */
const MAX_CACHED_STATEMENTS = 200;

/** One connection to the database file, configured identically for every stream. */
export class SqlConnection {
  readonly db: Database.Database;
  /** How long a statement keeps retrying while another connection holds the lock it needs. */
  readonly busyTimeoutMs: number;
  /** Shared by all of the server's connections; see retryWhileBusy() in execute.ts. */
  readonly lockWaits: LockWaits;
  readonly #counters: Database.Statement;
  readonly #reuseCheck: Database.Statement;
  /** By SQL text, the least recently used first. */
  readonly #statements = new Map<string, Database.Statement>();
  #stuck = false;

  constructor(file: string, busyTimeoutMs: number, lockWaits: LockWaits) {
    this.busyTimeoutMs = busyTimeoutMs;
    this.lockWaits = lockWaits;
    this.db = new Database(file);
    try {
      // 64-bit integers must survive the round trip, so SQLite integers are read as BigInt (and REALs stay
      // JS numbers, which is how results tell the two apart).
      this.db.defaultSafeIntegers(true);
      // SQLite's own busy handler would block the whole (single-threaded) server, including the stream
      // that holds the lock and is about to release it. Waiting for locks is done asynchronously instead,
      // for up to busyTimeoutMs; see retryWhileBusy() in execute.ts.
      this.db.exec("PRAGMA busy_timeout = 0");
      this.db.exec("PRAGMA journal_mode = WAL");
      this.db.exec("PRAGMA foreign_keys = ON");
      this.#counters = this.db.prepare("SELECT changes(), total_changes(), last_insert_rowid()").raw();
      this.#reuseCheck = this.db
        .prepare("SELECT (SELECT count(*) FROM temp.sqlite_schema), (SELECT foreign_keys FROM pragma_foreign_keys)")
        .raw();
    } catch (error) {
      this.db.close();
      throw error;
    }
  }

  /** The statement for `sql`, prepared on this connection once and reused while it is among the recent ones. */
  prepare(sql: string): Database.Statement {
    const statement = this.#statements.get(sql) ?? this.db.prepare(sql);
    this.#statements.delete(sql);
    this.#statements.set(sql, statement);
    if (this.#statements.size > MAX_CACHED_STATEMENTS) {
      const [oldest] = this.#statements.keys();
      if (oldest !== undefined) this.#statements.delete(oldest);
    }
    return statement;
  }

  /** Drops a statement that failed, so that the next request prepares it afresh. */
  forget(sql: string): void {
    this.#statements.delete(sql);
  }

  /**
   * Whether the connection can serve another stream as if it were new: no transaction, no lock it gave up on, no
   * TEMP objects and foreign keys on (a migration turns them off for its own connection).
   */
  reusable(): boolean {
    if (!this.db.open || this.#stuck || !this.isAutocommit) return false;
    const [temp, foreignKeys] = this.#reuseCheck.get() as [bigint, bigint];
    return temp === 0n && foreignKeys === 1n;
  }

  /** True once a prepared statement gave up waiting for a lock; see Stream.conn. */
  get stuck(): boolean {
    return this.#stuck;
  }

  markStuck(): void {
    this.#stuck = true;
  }

  get isAutocommit(): boolean {
    return !this.db.inTransaction;
  }

  /** Read through SQL rather than the binding's `run()` result, which rounds the rowid to a JS number. */
  counters(): { changes: number; totalChanges: bigint; lastInsertRowid: bigint } {
    const [changes, totalChanges, lastInsertRowid] = this.#counters.get() as [bigint, bigint, bigint];
    return { changes: Number(changes), totalChanges, lastInsertRowid };
  }

  close(): void {
    if (!this.db.open) return;
    try {
      // Roll back explicitly: close() may be deferred while prepared statements are still alive, and an
      // abandoned transaction must release its write lock right now.
      if (this.db.inTransaction) this.db.exec("ROLLBACK");
    } finally {
      this.db.close();
    }
  }
}

/**
 * The server's connections that serve no stream right now. A new stream takes one rather than opening the file
 * again, which reads the whole schema and starts with a cold page cache (milliseconds per request): a database
 * server keeps its connections open too.
 */
export class ConnectionPool {
  readonly #idle: SqlConnection[] = [];
  readonly #open: () => SqlConnection;
  readonly #maxIdle: number;
  #closed = false;

  constructor(open: () => SqlConnection, maxIdle: number) {
    this.#open = open;
    this.#maxIdle = maxIdle;
  }

  take(): SqlConnection {
    return this.#idle.pop() ?? this.#open();
  }

  /** Keeps a connection for the next stream if it is as good as new; closes it (rolling back) otherwise. */
  give(conn: SqlConnection): void {
    let keep = false;
    try {
      keep = !this.#closed && this.#idle.length < this.#maxIdle && conn.reusable();
    } finally {
      if (keep) this.#idle.push(conn);
      else conn.close();
    }
  }

  closeAll(): void {
    this.#closed = true;
    for (const conn of this.#idle.splice(0)) conn.close();
  }
}

export class Stream {
  /** SQL texts stored with `store_sql`, by id. */
  readonly sqls = new Map<number, string>();
  readonly #pool: ConnectionPool;
  #conn: SqlConnection | undefined;

  constructor(pool: ConnectionPool) {
    this.#pool = pool;
    this.#conn = pool.take();
  }

  get conn(): SqlConnection {
    if (this.#conn === undefined) throw new StreamClosedError("The stream has already been closed");
    // A statement that failed with SQLITE_BUSY stays suspended inside SQLite (the binding cannot reset a
    // statement without running it again), and its connection then never commits another write. Such a
    // connection is swapped for another as soon as no transaction is lost by doing so. (Connection
    // state such as TEMP tables goes with it, which only matters to raw protocol users.)
    if (this.#conn.stuck && this.#conn.isAutocommit) {
      this.#pool.give(this.#conn);
      this.#conn = this.#pool.take();
    }
    return this.#conn;
  }

  get closed(): boolean {
    return this.#conn === undefined;
  }

  close(): void {
    const conn = this.#conn;
    this.#conn = undefined;
    if (conn) this.#pool.give(conn);
  }
}

/** How long an expired baton is still recognized, to answer "expired" rather than "invalid". */
const EXPIRED_BATON_MEMORY_MS = 5 * 60_000;

export class StreamRegistry {
  /** Streams between two requests, by the baton that the next request must present. */
  readonly #idle = new Map<string, { stream: Stream; timer: NodeJS.Timeout }>();
  readonly #expiredAt = new Map<string, number>();
  /** Every stream that still has a connection (idle or serving a request), for shutdown. */
  readonly #open = new Set<Stream>();
  readonly #pool: ConnectionPool;
  readonly #idleTimeoutMs: number;
  #closed = false;

  constructor(pool: ConnectionPool, idleTimeoutMs: number) {
    this.#pool = pool;
    this.#idleTimeoutMs = idleTimeoutMs;
  }

  /** Takes the stream a request works on: a new one without a baton, else the one the baton names. */
  acquire(baton: string | null): Stream {
    if (this.#closed) throw new Error("The server is shutting down");
    if (baton === null) {
      const stream = new Stream(this.#pool);
      this.#open.add(stream);
      return stream;
    }
    const idle = this.#idle.get(baton);
    if (idle === undefined) {
      throw this.#expiredAt.has(baton)
        ? new BatonError("The stream has expired due to inactivity", "STREAM_EXPIRED")
        : new BatonError("The baton is invalid or has already been used", "BATON_INVALID");
    }
    this.#idle.delete(baton);
    clearTimeout(idle.timer);
    return idle.stream;
  }

  /** Gives the stream back after a request; returns the baton for the next request, or null if closed. */
  release(stream: Stream): string | null {
    if (stream.closed) {
      this.#open.delete(stream);
      return null;
    }
    const baton = randomBytes(24).toString("base64url");
    const timer = setTimeout(() => this.#expire(baton), this.#idleTimeoutMs);
    timer.unref(); // an idle stream must not keep the process alive
    this.#idle.set(baton, { stream, timer });
    return baton;
  }

  /** Closes every stream (rolling back open transactions), e.g. on shutdown. */
  closeAll(): void {
    this.#closed = true;
    for (const { timer } of this.#idle.values()) clearTimeout(timer);
    this.#idle.clear();
    for (const stream of this.#open) closeQuietly(stream);
    this.#open.clear();
    this.#pool.closeAll();
  }

  // A client that vanishes in the middle of a transaction must not hold the database's write lock forever.
  #expire(baton: string): void {
    const idle = this.#idle.get(baton);
    if (idle === undefined) return;
    this.#idle.delete(baton);
    this.#open.delete(idle.stream);
    closeQuietly(idle.stream);

    const now = Date.now();
    this.#expiredAt.set(baton, now);
    for (const [oldBaton, expiredAt] of this.#expiredAt) {
      if (now - expiredAt > EXPIRED_BATON_MEMORY_MS) this.#expiredAt.delete(oldBaton);
    }
  }
}

function closeQuietly(stream: Stream): void {
  try {
    stream.close();
  } catch (error) {
    console.error("[local-db] failed to close a stream:", error);
  }
}
