/**
 * `npm start`: everything a newcomer needs, offline, with nothing installed by hand.
 *   1. starts the local libSQL server on .data/moviebooks.db (kept between runs),
 *   2. applies migrations, and seeds demo content and images when the database is empty,
 *   3. builds the Worker and serves it in workerd (`vite preview`), or with `--dev` runs `vite dev` (HMR).
 * Ports: PORT (site, 5173) and LOCAL_DB_PORT (database, 8790).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createClient } from "@libsql/client";
import { createDatabase } from "../worker/db/client.ts";
import { writeDevVars } from "./dev-vars.ts";
import { startLocalDbServer } from "./local-db/server.ts";
import { withLocalImages } from "./local-images.ts";
import { migrateDatabase } from "./migrate.ts";
import { DEMO_EMAIL, DEMO_PASSWORD, MODERATOR_EMAIL } from "./seed/demo-account.ts";
import { isEmpty, seedDemoContent } from "./seed/seed.ts";

process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
process.env.WRANGLER_SEND_METRICS = "false";

const dev = process.argv.includes("--dev");
const sitePort = Number(process.env.PORT ?? 5173);
const databasePort = Number(process.env.LOCAL_DB_PORT ?? 8790);
const databaseFile = process.env.LOCAL_DB_FILE ?? ".data/moviebooks.db";

const database = await startLocalDbServer({ file: databaseFile, port: databasePort });
console.log(`Local database: ${database.url} (${databaseFile})`);
await migrateDatabase(database.url);
// No mail provider locally: mail is kept in the development outbox (/dev/outbox) instead of sent. CORS_ORIGINS,
// when given, lets a web client served from another local port call the API.
writeDevVars(".dev.vars", {
  DATABASE_URL: database.url,
  MAIL_OUTBOX: "on",
  ...(process.env.CORS_ORIGINS === undefined ? {} : { CORS_ORIGINS: process.env.CORS_ORIGINS }),
});

await seedWhenEmpty(database.url);

let site: ChildProcess | undefined;
const stop = async () => {
  site?.kill("SIGTERM");
  await database.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

if (!dev) await run("react-router", ["build"]);
site = spawn(bin("vite"), dev ? ["dev"] : ["preview"], {
  stdio: ["ignore", "inherit", "inherit"],
  env: { ...process.env, PORT: String(sitePort) },
});
site.on("exit", (code) => {
  console.error(`The site stopped (exit code ${code}).`);
  void database.close().then(() => process.exit(code ?? 1));
});

await waitForSite(`http://127.0.0.1:${sitePort}/api/health`);
console.log(`
  MovieBooks is running at http://127.0.0.1:${sitePort}/
  Demo login: ${DEMO_EMAIL} / ${DEMO_PASSWORD}
  Moderator login: ${MODERATOR_EMAIL} / ${DEMO_PASSWORD} (reports at /moderation)
  Mail (password reset links): http://127.0.0.1:${sitePort}/dev/outbox
  Press Ctrl+C to stop.
`);

async function seedWhenEmpty(url: string) {
  const client = createClient({ url });
  const db = createDatabase(client);
  try {
    if (!(await isEmpty(db))) return;
    await withLocalImages((bucket) => seedDemoContent(db, bucket));
  } finally {
    client.close();
  }
}

function bin(name: string) {
  return new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
}

function run(name: string, args: string[]) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(bin(name), args, { stdio: "inherit" });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${name} ${args.join(" ")} failed`))));
  });
}

async function waitForSite(url: string) {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The site did not answer at ${url}.`);
}
