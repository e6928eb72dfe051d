// A local development server that speaks Hrana over HTTP (the protocol of libSQL's sqld and Turso), backed
// by the embedded `libsql` package and a database file. Inside workerd, @libsql/client can only talk HTTP,
// so this is what the Worker's database URL points at during development and tests.
//
// Endpoints: GET /, /health, /v2, /v3 (liveness and version probes); POST /v2/pipeline, /v3/pipeline and
// /v3/cursor, all JSON-encoded. Nothing is served under /v3-protobuf: a client probing for protocol
// versions gets a 404 there and falls back to JSON. Authorization headers are ignored (development only).

import { mkdir } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { executeCursor, handleStreamRequest } from "./execute.ts";
import {
  decodeCursorRequest,
  decodePipelineRequest,
  type PipelineResponse,
  ProtocolError,
  type StreamResult,
  stringifyJson,
} from "./protocol.ts";
import { BatonError, ConnectionPool, type LockWaits, SqlConnection, StreamRegistry } from "./streams.ts";

export interface LocalDbServerOptions {
  /** Path of the SQLite database file; it and its parent directory are created if missing. */
  file: string;
  /** Defaults to 8790; 0 picks a free port. */
  port?: number;
  /** Defaults to 127.0.0.1, so the database is not reachable from other machines. */
  host?: string;
  /** Idle streams are closed (and their transactions rolled back) after this long; defaults to 10 s. */
  streamIdleTimeoutMs?: number;
  /** How long a statement waits for a lock held by another connection; defaults to 5 s. */
  busyTimeoutMs?: number;
}

export interface LocalDbServer {
  /** Base URL for `createClient({ url })`, e.g. "http://127.0.0.1:8790". */
  url: string;
  port: number;
  /** How many statements are waiting right now for a lock another stream holds (what a test can wait on). */
  waitingForLocks(): number;
  /** Stops the HTTP server and closes every connection, rolling back unfinished transactions. */
  close(): Promise<void>;
}

export const DEFAULT_PORT = 8790;
const DEFAULT_STREAM_IDLE_TIMEOUT_MS = 10_000;
const DEFAULT_BUSY_TIMEOUT_MS = 5000;
const MAX_BODY_BYTES = 64 * 1024 * 1024;
/** Connections kept open between streams: enough for the requests a local Worker runs at once. */
const MAX_IDLE_CONNECTIONS = 16;
/** How long an idle client connection stays open (workerd and @libsql/client pool theirs). */
const KEEP_ALIVE_MS = 10 * 60_000;
/** On close, requests still running after this long are cut off. */
const SHUTDOWN_GRACE_MS = 1000;

export async function startLocalDbServer(options: LocalDbServerOptions): Promise<LocalDbServer> {
  const file = path.resolve(options.file);
  await mkdir(path.dirname(file), { recursive: true });
  const busyTimeoutMs = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
  const lockWaits: LockWaits = { count: 0 };
  const openConnection = () => new SqlConnection(file, busyTimeoutMs, lockWaits);
  // Open one connection up front so that an unusable file fails here rather than on the first request.
  openConnection().close();

  const pool = new ConnectionPool(openConnection, MAX_IDLE_CONNECTIONS);
  const streams = new StreamRegistry(pool, options.streamIdleTimeoutMs ?? DEFAULT_STREAM_IDLE_TIMEOUT_MS);
  const server = createServer((req, res) => void handleHttp(streams, req, res));
  // Statements run synchronously on this one thread. With Node's default 5 s keep-alive, a connection the
  // Worker pooled could be closed just as it was reused, or while a long statement held the thread (the Worker
  // then reported "Network connection lost"); idle connections stay open until the client drops them.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  server.requestTimeout = 0;
  const host = options.host ?? "127.0.0.1";
  await listen(server, options.port ?? DEFAULT_PORT, host);
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    port,
    waitingForLocks: () => lockWaits.count,
    close: () => (closing ??= shutDown(server, streams)),
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

async function shutDown(server: Server, streams: StreamRegistry): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections(); // keep-alive sockets would otherwise hold close() open
  const forceClose = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  await closed;
  clearTimeout(forceClose);
  streams.closeAll();
}

// ---------------------------------------------------------------------------------------------------------
// HTTP

/** A request that fails as a whole; answered as JSON `{ message, code }`, which the client turns into a
 * LibsqlError carrying `code`. */
class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

type Handler = (streams: StreamRegistry, req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

const greet: Handler = (_streams, _req, res) => sendText(res, 200, "Hello, this is HTTP API v2 (Hrana over HTTP)");

const ROUTES: Record<string, Record<string, Handler>> = {
  "/": { GET: greet },
  "/health": { GET: (_streams, _req, res) => sendText(res, 200, "OK") },
  "/v2": { GET: greet },
  "/v3": { GET: greet },
  "/v2/pipeline": { POST: handlePipeline },
  "/v3/pipeline": { POST: handlePipeline },
  "/v3/cursor": { POST: handleCursor },
};

async function handleHttp(streams: StreamRegistry, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const { pathname } = new URL(req.url ?? "/", "http://localhost");
    const methods = ROUTES[pathname];
    if (methods === undefined) return sendText(res, 404, "Not found");
    const handler = methods[req.method ?? "GET"];
    if (handler === undefined) {
      res.setHeader("allow", Object.keys(methods).join(", "));
      return sendText(res, 405, "Method not allowed");
    }
    await handler(streams, req, res);
  } catch (error) {
    sendError(res, toHttpError(error));
  }
}

function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof ProtocolError) return new HttpError(400, `Invalid request: ${error.message}`, "PROTOCOL_ERROR");
  if (error instanceof BatonError) return new HttpError(400, error.message, error.code);
  // Anything else is a bug or an environment problem (e.g. the database file cannot be opened).
  console.error("[local-db] request failed:", error);
  const message = error instanceof Error ? error.message : String(error);
  return new HttpError(500, `Internal server error: ${message}`, "INTERNAL_ERROR");
}

async function handlePipeline(streams: StreamRegistry, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const request = decodePipelineRequest(await readJsonBody(req));
  const stream = streams.acquire(request.baton);
  const results: StreamResult[] = [];
  let baton: string | null;
  try {
    // In order: later requests may depend on earlier ones (store_sql, BEGIN, ...).
    for (const streamRequest of request.requests) results.push(await handleStreamRequest(stream, streamRequest));
  } finally {
    baton = streams.release(stream);
  }
  sendJson(res, 200, { baton, base_url: null, results } satisfies PipelineResponse);
}

// The cursor response is newline-delimited JSON: the baton first, then one entry per line. The batch is
// executed completely before anything is sent, which is fine for local databases.
async function handleCursor(streams: StreamRegistry, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const request = decodeCursorRequest(await readJsonBody(req));
  const stream = streams.acquire(request.baton);
  let baton: string | null;
  let entries: unknown[];
  try {
    entries = await executeCursor(stream, request.steps);
  } finally {
    baton = streams.release(stream);
  }
  const lines = [{ baton, base_url: null }, ...entries].map((item) => `${stringifyJson(item)}\n`);
  res.writeHead(200, { "content-type": "text/plain" });
  res.end(lines.join(""));
}

async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, "Request body is too large", "PROTOCOL_ERROR");
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch (error) {
    throw new HttpError(400, `Request body is not valid JSON: ${(error as Error).message}`, "PROTOCOL_ERROR");
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  // Exactly "application/json": the client only parses error bodies with that precise content type.
  res.writeHead(status, { "content-type": "application/json" });
  res.end(stringifyJson(body));
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { "content-type": "text/plain" });
  res.end(text);
}

function sendError(res: ServerResponse, error: HttpError): void {
  if (res.headersSent) {
    res.destroy(error);
    return;
  }
  if (error.status === 413) res.setHeader("connection", "close"); // the rest of the body is not read
  sendJson(res, error.status, { message: error.message, code: error.code });
}
