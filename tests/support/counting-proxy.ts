/**
 * A transparent HTTP proxy in front of the local database server: the Worker's DATABASE_URL points here instead,
 * so the application runs unmodified while every request its libSQL client sends (each one a network round trip,
 * as it would be to Turso) is recorded. The round-trip tests count them; the benchmark (scripts/bench) also reads
 * what each one asked and how long the database took. Tests of failures make it lose a request or a reply
 * (`loseNext`), as a network between a Worker and Turso can.
 */
import { Agent, createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the Worker sent to the database. */
export interface DbRequest {
  method: string;
  url: string;
  body: Buffer;
  /** The SQL texts the request carries (Hrana's JSON bodies name them `sql`), in order. */
  sql: string[];
  /**
   * The database's own time for it. The local server handles one request at a time, so requests a page sends in
   * parallel queue behind each other: this is the request's end minus the later of its start and the previous
   * request's end, i.e. the wait in the queue is left out.
   */
  ms: number;
  /** Its wall time, queueing included. */
  wallMs: number;
  /** No answer, or a 5xx. A page can still answer 200 after one (the sidebar shows an error instead of tags). */
  failed: boolean;
}

/**
 * How a request is lost: before the database sees it (`request`), or after the database has done it and
 * answered (`reply`; a write has committed, but the Worker never learns it). Either way the Worker's connection
 * is cut, so its client sees a network error, not an answer.
 */
export type Loss = "request" | "reply";

/** One planned loss: the next request whose SQL texts `match` accepts is lost as `loss` says. */
export interface PlannedLoss {
  match: (sql: string[]) => boolean;
  loss: Loss;
}

export interface CountingProxy {
  url: string;
  /**
   * Plans losses, in order: the first applies to the next request it matches, the second to the next request it
   * matches after that, and so on.
   */
  loseNext(...losses: PlannedLoss[]): void;
  /** How many planned losses have not happened yet (a test checks its own all did). */
  lossesPending(): number;
  /** Drops the losses that have not happened, so they cannot reach the next test. */
  cancelLosses(): void;
  /**
   * The next request `match` accepts is done by the database, and its answer held back until `release` is called: a
   * reply slow to cross the network, to put a test's requests in the order of a race. `answered` settles once the
   * database has answered it.
   */
  holdNextReply(match: (sql: string[]) => boolean): { answered: Promise<void>; release: () => void };
  /** Drops a hold no request has matched yet, so it cannot catch the next test's. */
  cancelHold(): void;
  /**
   * Simulated distance to the database: every request waits this long before it is forwarded, as a round trip to
   * a database across a continent would (0, the default, is a database next door). Excluded from `ms`.
   */
  setDelay(ms: number): void;
  /** Starts a new window: `settle` returns the requests sent from now on. */
  reset(): void;
  /** Waits until no database request is in flight, then returns the window's requests in the order they were sent. */
  settle(): Promise<DbRequest[]>;
  close(): Promise<void>;
}

/** A request still unanswered after this long is reported rather than waited for. */
const SETTLE_TIMEOUT_MS = 10_000;

export async function startCountingProxy(target: string, options: { delayMs?: number } = {}): Promise<CountingProxy> {
  const upstream = new URL(target);
  // Connections to the database server are kept for the next request, as the edge keeps its connections to Turso:
  // a new one per request cost every page about 0.7 ms (decision 043). A request never waits for a busy one; the
  // agent opens another (no socket limit). An idle one is dropped after a minute, long before the server would close
  // it (after ten), so no request is ever sent on a connection the server is closing.
  const agent = new Agent({ keepAlive: true, timeout: 60_000 });
  let sent: DbRequest[] = [];
  let inFlight = 0;
  let whenIdle: Array<() => void> = [];
  /** When the database server last finished a request (it works through them one at a time). */
  let lastEnd = 0;
  let planned: PlannedLoss[] = [];
  let hold: { match: (sql: string[]) => boolean; answered: () => void; released: Promise<void> } | undefined;
  let delayMs = options.delayMs ?? 0;

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    let started = performance.now();
    const request: DbRequest = {
      method: req.method ?? "GET",
      url: req.url ?? "/",
      body,
      sql: sqlTexts(body),
      ms: 0,
      wallMs: 0,
      failed: false,
    };
    sent.push(request); // a reset while it runs leaves it in the window it was sent in
    const loss = planned[0]?.match(request.sql) ? planned.shift() : undefined;
    const held = hold?.match(request.sql) ? hold : undefined;
    if (held) hold = undefined;
    if (loss?.loss === "request") {
      request.failed = true;
      res.socket?.destroy();
      return;
    }
    inFlight++;
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      const ended = performance.now();
      request.ms = ended - Math.max(started, lastEnd);
      request.wallMs = ended - started;
      lastEnd = ended;
      inFlight--;
      if (inFlight === 0) for (const resolve of whenIdle.splice(0)) resolve();
    };
    const send = () => {
      started = performance.now();
      const outgoing = httpRequest(
        {
          agent,
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: { ...withoutHopByHop(req.headers), host: upstream.host },
        },
        (response) => {
          if ((response.statusCode ?? 502) >= 500) request.failed = true;
          if (loss) {
            // The database has answered; read the answer to its end, then cut the Worker off without it.
            request.failed = true;
            response.resume();
            response.on("end", () => {
              res.socket?.destroy();
              done();
            });
            return;
          }
          if (held) {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", async () => {
              held.answered();
              await held.released;
              res.writeHead(response.statusCode ?? 502, withoutHopByHop(response.headers));
              res.end(Buffer.concat(chunks));
              done();
            });
            return;
          }
          res.writeHead(response.statusCode ?? 502, withoutHopByHop(response.headers));
          response.pipe(res);
          response.on("end", done);
          response.on("error", done);
        },
      );
      outgoing.on("error", (error) => {
        request.failed = true;
        done();
        res.writeHead(502, { "content-type": "text/plain" });
        res.end(`counting proxy: ${error.message}`);
      });
      outgoing.end(body);
    };
    if (delayMs > 0) setTimeout(send, delayMs);
    else send();
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => forward(req, res, Buffer.concat(chunks)));
  });
  // Towards the Worker, an idle connection is kept for a day: the Worker may be about to reuse it, and a bench's site
  // sits idle for many minutes while the other sizes are measured.
  server.keepAliveTimeout = 24 * 60 * 60_000;
  server.headersTimeout = server.keepAliveTimeout + 1000;
  server.requestTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const idle = () =>
    new Promise<void>((resolve, reject) => {
      if (inFlight === 0) return resolve();
      const timer = setTimeout(() => {
        whenIdle = whenIdle.filter((waiter) => waiter !== settled);
        reject(new Error(`${inFlight} database request(s) still unanswered after ${SETTLE_TIMEOUT_MS} ms`));
      }, SETTLE_TIMEOUT_MS);
      const settled = () => {
        clearTimeout(timer);
        resolve();
      };
      whenIdle.push(settled);
    });

  return {
    url: `http://127.0.0.1:${port}`,
    loseNext(...losses) {
      planned.push(...losses);
    },
    lossesPending: () => planned.length,
    cancelLosses() {
      planned = [];
    },
    holdNextReply(match) {
      let answered!: () => void;
      let release!: () => void;
      const whenAnswered = new Promise<void>((resolve) => (answered = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      hold = { match, answered, released };
      return { answered: whenAnswered, release };
    },
    cancelHold() {
      hold = undefined;
    },
    setDelay(ms) {
      delayMs = ms;
    },
    reset() {
      sent = [];
    },
    async settle() {
      await idle();
      return sent.map((request) => ({ ...request }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Every `sql` string in a JSON request body, depth first; none when the body is not JSON. */
function sqlTexts(body: Buffer): string[] {
  const texts: string[] = [];
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) collect(item);
    } else if (value && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        if (key === "sql" && typeof item === "string") texts.push(item);
        else collect(item);
      }
    }
  };
  try {
    collect(JSON.parse(body.toString("utf8")));
  } catch {
    // not JSON (a health probe, say): no SQL
  }
  return texts;
}

/** Each side's connection is its own: the Worker's with the proxy, the proxy's with the database server. */
function withoutHopByHop<T extends Record<string, unknown>>(headers: T): T {
  const { connection: _connection, "keep-alive": _keepAlive, ...rest } = headers;
  return rest as T;
}
