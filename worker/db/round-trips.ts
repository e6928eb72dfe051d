import {
  type Client,
  type InArgs,
  type InStatement,
  LibsqlBatchError,
  type Replicated,
  type ResultSet,
  type Transaction,
  type TransactionMode,
} from "@libsql/client";

/**
 * One database round trip for what a request asks at once (decision 040). Every round trip to Turso costs the
 * distance from the edge to the database, so the statements a request's code sends in the same moment (the root
 * loader's and the route's, the session check riding along) travel together: calls made before the current
 * macrotask ends are queued, then sent as one batch, and each caller gets its own results. One caller alone keeps
 * its own call, unchanged.
 *
 * Two more things a request may need:
 * - a **rider**: a statement that goes with the next round trip but never causes one (the session check, the edge
 *   cache's content version), unless someone pulls it;
 * - a **gate**: until it opens, only reads are sent; writes wait for it, so nothing is written for a session the
 *   check has not confirmed. If it fails, the writes waiting for it fail with its reason.
 */
export class RoundTrips implements Client {
  readonly protocol: string;
  #client: Client;
  #queue: Call[] = [];
  #riders: Rider[] = [];
  #held: Call[] = [];
  #gate: "open" | "closed" | { failed: unknown } = "open";
  /** Settles as the gate does: what interactive transactions and scripts wait for. */
  #opening: Promise<unknown> = Promise.resolve();
  #scheduled = false;

  constructor(client: Client) {
    this.#client = client;
    this.protocol = client.protocol;
  }

  get closed() {
    return this.#client.closed;
  }

  /** Until `opened` resolves only reads are sent; if it rejects, every write waiting (or still to come) fails so. */
  holdWritesUntil(opened: Promise<unknown>): void {
    this.#gate = "closed";
    this.#opening = opened;
    opened.then(
      () => {
        this.#gate = "open";
        this.#queue.push(...this.#held.splice(0));
        if (this.#queue.length) this.#schedule();
      },
      (reason: unknown) => {
        this.#gate = { failed: reason };
        for (const call of this.#held.splice(0)) call.reject(reason);
      },
    );
  }

  /** A statement sent with the next round trip, without causing one (`pull` does). */
  ride(stmt: InStatement): Promise<ResultSet> {
    return new Promise((resolve, reject) => this.#riders.push({ stmt, resolve, reject }));
  }

  /** Sends what waits (riders included) with the next round trip, now that someone needs an answer. */
  pull(): void {
    this.#schedule();
  }

  /**
   * A write that goes with the next round trip even while writes are held: its own condition is the session check's
   * (`writeAsClaimed`), so it changes nothing for a session the check will not confirm.
   */
  executeBesideTheCheck(stmt: InStatement): Promise<ResultSet> {
    return new Promise<ResultSet[]>((resolve, reject) => {
      const gate = this.#gate;
      if (gate !== "open" && gate !== "closed") return reject(gate.failed);
      this.#queue.push({ stmts: [stmt], mode: undefined, single: true, resolve, reject });
      this.#schedule();
    }).then((results) => results[0] as ResultSet);
  }

  execute(stmt: InStatement): Promise<ResultSet>;
  execute(sql: string, args?: InArgs): Promise<ResultSet>;
  execute(stmtOrSql: InStatement | string, args?: InArgs): Promise<ResultSet> {
    const stmt = typeof stmtOrSql === "string" ? { sql: stmtOrSql, args: args ?? [] } : stmtOrSql;
    return this.#enqueue([stmt], undefined, true).then((results) => results[0] as ResultSet);
  }

  batch(stmts: Array<InStatement | [string, InArgs?]>, mode?: TransactionMode): Promise<ResultSet[]> {
    const statements = stmts.map((stmt) => (Array.isArray(stmt) ? { sql: stmt[0], args: stmt[1] ?? [] } : stmt));
    return this.#enqueue(statements, mode, false);
  }

  // Interactive transactions, migrations and scripts keep their own round trips, after the gate.
  async transaction(mode?: TransactionMode): Promise<Transaction> {
    await this.#opened();
    return this.#client.transaction(mode);
  }
  async migrate(stmts: InStatement[]): Promise<ResultSet[]> {
    await this.#opened();
    return this.#client.migrate(stmts);
  }
  async executeMultiple(sql: string): Promise<void> {
    await this.#opened();
    return this.#client.executeMultiple(sql);
  }
  sync(): Promise<Replicated> {
    return this.#client.sync();
  }
  /** Riders still waiting were never needed: they fail, as not sent. */
  close(): void {
    for (const rider of this.#riders.splice(0)) rider.reject(new Error("Closed before the statement was sent."));
    this.#client.close();
  }
  reconnect(): void {
    this.#client.reconnect();
  }

  async #opened(): Promise<void> {
    await this.#opening;
  }

  #enqueue(stmts: InStatement[], mode: TransactionMode | undefined, single: boolean): Promise<ResultSet[]> {
    return new Promise((resolve, reject) => {
      const call: Call = { stmts, mode, single, resolve, reject };
      const gate = this.#gate;
      if (gate !== "open" && gate !== "closed") return reject(gate.failed);
      // A read asked after a held write waits behind it too: it may be there to read what the write wrote.
      if (gate === "closed" && (this.#held.length || !stmts.every(isRead))) this.#held.push(call);
      else this.#queue.push(call);
      this.#schedule();
    });
  }

  /** The round trip leaves once the code running now (and every promise it settles) has asked what it asks. */
  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setTimeout(() => {
      this.#scheduled = false;
      void this.#send(this.#queue.splice(0), this.#riders.splice(0));
    }, 0);
  }

  async #send(calls: Call[], riders: Rider[]): Promise<void> {
    if (!calls.length && !riders.length) return;
    const only = calls[0];
    if (!riders.length && calls.length === 1 && only) {
      // One caller: its own call, as it made it.
      const sent = only.single
        ? this.#client.execute(only.stmts[0] as InStatement).then((result) => [result])
        : this.#client.batch(only.stmts, only.mode);
      return sent.then(only.resolve, only.reject);
    }
    const parts = [...riders.map((rider) => [rider.stmt]), ...calls.map((call) => call.stmts)];
    const mode = calls.some((call) => call.mode === "write") ? "write" : "deferred";
    let results: ResultSet[];
    try {
      results = await this.#client.batch(parts.flat(), mode);
    } catch (error) {
      if (!(error instanceof LibsqlBatchError)) {
        for (const waiting of [...riders, ...calls]) waiting.reject(error);
        return;
      }
      // One statement failed and the transaction rolled back: each caller again on its own, so that each gets
      // its own answer (only the failing one fails).
      await Promise.all([
        ...riders.map((rider) => this.#client.execute(rider.stmt).then(rider.resolve, rider.reject)),
        ...calls.map((call) => this.#send([call], [])),
      ]);
      return;
    }
    let offset = 0;
    const take = (count: number) => {
      offset += count;
      return results.slice(offset - count, offset);
    };
    // Riders first: the session check settles before any caller goes on with its answer.
    for (const rider of riders) rider.resolve(take(1)[0] as ResultSet);
    for (const call of calls) call.resolve(take(call.stmts.length));
  }
}

interface Call {
  stmts: InStatement[];
  mode: TransactionMode | undefined;
  /** Made with `execute`: sent alone, it is sent the same way. */
  single: boolean;
  resolve(results: ResultSet[]): void;
  reject(reason: unknown): void;
}

interface Rider {
  stmt: InStatement;
  resolve(result: ResultSet): void;
  reject(reason: unknown): void;
}

/** Reads change nothing, so they may go before the session is confirmed; everything else waits. */
function isRead(stmt: InStatement): boolean {
  const sql = typeof stmt === "string" ? stmt : stmt.sql;
  return /^\s*(select|with)\b/i.test(sql) && !/\b(insert|update|delete|replace)\s/i.test(sql);
}
