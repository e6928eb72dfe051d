// Runs the local libSQL (Hrana over HTTP) server: `npx tsx scripts/local-db/cli.ts` (or `npm run db:server`).
// Environment: LOCAL_DB_FILE (default .data/moviebooks.db), LOCAL_DB_PORT (default 8790).

import { DEFAULT_PORT, startLocalDbServer } from "./server.ts";

const file = process.env.LOCAL_DB_FILE || ".data/moviebooks.db";
const port = parsePort(process.env.LOCAL_DB_PORT);

function parsePort(value: string | undefined): number {
  if (value === undefined || value === "") return DEFAULT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`LOCAL_DB_PORT must be a port number, got ${JSON.stringify(value)}`);
    process.exit(1);
  }
  return port;
}

const server = await startLocalDbServer({ file, port });
console.log(`Local libSQL server for ${file} listening on ${server.url}`);

let stopping = false;
async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`Received ${signal}, closing the local libSQL server...`);
  await server.close();
  process.exit(0);
}

process.on("SIGINT", (signal) => void stop(signal));
process.on("SIGTERM", (signal) => void stop(signal));
