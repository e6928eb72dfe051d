/**
 * `npm run admin -- <command>`: what operators do for moderation from the command line (docs/decisions/017).
 *
 *   grant-moderator <username|email>    give the member the moderator role
 *   revoke-moderator <username|email>   take it away
 *   unsuspend <username|email>          lift a moderator's suspension
 *   list-moderators
 *
 * The database is DATABASE_URL (with DATABASE_AUTH_TOKEN for Turso) when set; else the local one: the server
 * `npm start` runs (its address from .dev.vars) if it answers, or else the `.data/` file itself, migrated first.
 * Every change is written to the moderators' audit log as "operator".
 */
import { existsSync } from "node:fs";
import { type Client, createClient } from "@libsql/client";
import {
  findMember,
  liftSuspension,
  listModerators,
  type Member,
  type RoleChange,
  setRole,
} from "../worker/core/moderation/index.ts";
import { createDatabase, type Database } from "../worker/db/client.ts";
import { readDevVars } from "./dev-vars.ts";
import { startLocalDbServer } from "./local-db/server.ts";
import { migrateDatabase } from "./migrate.ts";

const USAGE = `Usage: npm run admin -- <command>

  grant-moderator <username|email>    give the member the moderator role
  revoke-moderator <username|email>   take the moderator role away
  unsuspend <username|email>          lift a member's suspension
  list-moderators                     list the moderators

Runs against DATABASE_URL (and DATABASE_AUTH_TOKEN) when set, else the local database (.data/).`;

type Command = (db: Database, member: Member) => Promise<string>;

const said = (change: RoleChange, done: string, already: string) =>
  `${handle(change.member)} ${change.changed ? done : already}`;
const handle = (member: Pick<Member, "username" | "email">) => `@${member.username} (${member.email})`;

const COMMANDS: Record<string, Command> = {
  "grant-moderator": async (db, member) =>
    said(await setRole(db, member, "moderator"), "is now a moderator.", "is already a moderator."),
  "revoke-moderator": async (db, member) =>
    said(await setRole(db, member, "member"), "is no longer a moderator.", "is not a moderator."),
  unsuspend: async (db, member) =>
    said(await liftSuspension(db, member), "can log in again; their content shows again.", "is not suspended."),
};

async function main(args: string[]): Promise<number> {
  const [command, who, ...extra] = args;
  if (command === "--help" || command === "-h" || command === "help") {
    console.log(USAGE);
    return 0;
  }
  const run = command ? COMMANDS[command] : undefined;
  const listing = command === "list-moderators" && who === undefined;
  if (!listing && (!run || !who || extra.length)) {
    console.error(USAGE);
    return 1;
  }
  const database = await openDatabase();
  try {
    const db = createDatabase(database.client);
    if (listing) {
      const moderators = await listModerators(db);
      console.log(moderators.length ? moderators.map(handle).join("\n") : "No moderators yet.");
      return 0;
    }
    const member = run && who ? await findMember(db, who) : undefined;
    if (!run || !member) {
      console.error(`No member with username or email ${who}.`);
      return 1;
    }
    console.log(await run(db, member));
    return 0;
  } finally {
    await database.close();
  }
}

/** The database to work on, as the header says, and how to let go of it. */
async function openDatabase(): Promise<{ client: Client; close(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const client = createClient({ url, authToken: process.env.DATABASE_AUTH_TOKEN });
    console.error(`Database: ${new URL(url).host}`);
    return { client, close: async () => client.close() };
  }
  const running = readDevVars(".dev.vars").DATABASE_URL;
  if (running && (await answers(running))) {
    console.error(`Database: the local server at ${running}`);
    const client = createClient({ url: running });
    return { client, close: async () => client.close() };
  }
  const file = process.env.LOCAL_DB_FILE ?? ".data/moviebooks.db";
  if (!existsSync(file)) throw new Error(`No local database at ${file} yet: run npm start once, or set DATABASE_URL.`);
  console.error(`Database: ${file}`);
  const server = await startLocalDbServer({ file, port: 0 });
  await migrateDatabase(server.url);
  const client = createClient({ url: server.url });
  return {
    client,
    async close() {
      client.close();
      await server.close();
    },
  };
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(new URL("/health", url), { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
