import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { createClient } from "@libsql/client";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, registerUser } from "../support/http.ts";
import { openCaseOf, registerModerator } from "../support/moderation.ts";

// `npm run admin`, as an operator runs it: against DATABASE_URL (the test's database server, as Turso would be)
// and against the local database file when nothing else is given.

const run = promisify(execFile);
const ROOT = process.cwd();

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

/**
 * Runs the command: `npm run admin` against the test's database, or, with `local`, the script itself from an empty
 * directory (no .dev.vars there) against a database file.
 */
async function admin(args: string[], local?: { file: string; directory: string }) {
  const env: Record<string, string | undefined> = { ...process.env, DATABASE_URL: app.databaseUrl };
  if (local) {
    delete env.DATABASE_URL;
    env.LOCAL_DB_FILE = local.file;
  }
  const [command, commandArgs] = local
    ? [join(ROOT, "node_modules/.bin/tsx"), [join(ROOT, "scripts/admin.ts"), ...args]]
    : ["npm", ["run", "--silent", "admin", "--", ...args]];
  try {
    const { stdout, stderr } = await run(command, commandArgs, { env, cwd: local?.directory ?? ROOT });
    return { code: 0, stdout: stdout.trim(), stderr: stderr.trim() };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout.trim(), stderr: failed.stderr.trim() };
  }
}

const operatorEntries = (targetId: string) =>
  app.db.all<{ action: string; actor_name: string; moderator_id: string | null }>(
    sql`select action, actor_name, moderator_id from moderation_actions where target_id = ${targetId} order by created_at, rowid`,
  );

// Each test starts the command (npm, then tsx) several times: seconds apiece on a busy machine, beyond the
// integration project's 30 s for a test.
describe("npm run admin", { timeout: 120_000 }, () => {
  it("grants and revokes the moderator role by username or e-mail, with audit entries, and lists moderators", async () => {
    const member = await registerUser(app);
    expect((await api(app, "GET", "/moderation/reports", { token: member.token })).status).toBe(403);

    const granted = await admin(["grant-moderator", member.email.toUpperCase()]);
    expect(granted).toMatchObject({ code: 0, stdout: `@${member.username} (${member.email}) is now a moderator.` });
    expect((await api(app, "GET", "/moderation/reports", { token: member.token })).status).toBe(200);
    expect((await admin(["grant-moderator", member.username])).stdout).toBe(
      `@${member.username} (${member.email}) is already a moderator.`,
    );
    expect((await admin(["list-moderators"])).stdout.split("\n")).toContain(`@${member.username} (${member.email})`);

    expect((await admin(["revoke-moderator", `@${member.username}`])).stdout).toBe(
      `@${member.username} (${member.email}) is no longer a moderator.`,
    );
    expect(await api(app, "GET", "/moderation/reports", { token: member.token })).toMatchObject({
      status: 403,
      body: { message: "Moderators only." },
    });
    expect(await operatorEntries(member._id)).toEqual([
      { action: "grant", actor_name: "operator", moderator_id: null },
      { action: "revoke", actor_name: "operator", moderator_id: null },
    ]);
  });

  it("lifts a suspension", async () => {
    const moderator = await registerModerator(app);
    const [suspended, reporter] = [await registerUser(app), await registerUser(app)];
    await api(app, "POST", "/reports", {
      token: reporter.token,
      body: { targetType: "user", targetId: suspended._id, reason: "spam" },
    });
    const caseId = (await openCaseOf(app, suspended._id))!;
    await api(app, "POST", `/moderation/reports/${caseId}/resolve`, {
      token: moderator.token,
      body: { action: "suspend" },
    });
    const login = () =>
      api(app, "POST", "/auth/login", { body: { email: suspended.email, password: suspended.password } });
    expect((await login()).status).toBe(403);

    expect((await admin(["unsuspend", suspended.username])).stdout).toBe(
      `@${suspended.username} (${suspended.email}) can log in again; their content shows again.`,
    );
    expect((await login()).status).toBe(200);
    expect((await admin(["unsuspend", suspended.username])).stdout).toBe(
      `@${suspended.username} (${suspended.email}) is not suspended.`,
    );
    expect((await operatorEntries(suspended._id)).map((entry) => entry.action)).toEqual(["suspend", "unsuspend"]);
  });

  it("says so, and exits 1, for an unknown member or a wrong command", async () => {
    expect(await admin(["grant-moderator", "nobody_at_all"])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("No member with username or email nobody_at_all."),
    });
    const wrong = await admin(["promote", "someone"]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("Usage: npm run admin -- <command>");
    expect((await admin(["--help"])).stdout).toContain("grant-moderator <username|email>");
  });

  it("works on the local database file when no DATABASE_URL is given", async () => {
    const directory = mkdtempSync(join(tmpdir(), "moviebooks-admin-"));
    try {
      const local = { file: join(directory, "local.db"), directory };
      const missing = await admin(["list-moderators"], local);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain(`No local database at ${local.file} yet`);

      // While npm start runs, its local server (named in .dev.vars) is used.
      writeFileSync(join(directory, ".dev.vars"), `DATABASE_URL="${app.databaseUrl}"\n`);
      const viaServer = await admin(["list-moderators"], local);
      expect(viaServer.code).toBe(0);
      expect(viaServer.stderr).toContain(`Database: the local server at ${app.databaseUrl}`);
      rmSync(join(directory, ".dev.vars"));

      // An empty database file: the command migrates it first, as npm start would have.
      writeFileSync(local.file, "");
      expect(await admin(["list-moderators"], local)).toMatchObject({ code: 0, stdout: "No moderators yet." });
      const client = createClient({ url: `file:${local.file}` });
      await client.execute({
        sql: "insert into users (id, username, email, password_hash) values (?, ?, ?, ?)",
        args: ["a".repeat(24), "local_op", "local@example.com", "x"],
      });
      client.close();
      expect((await admin(["grant-moderator", "local_op"], local)).stdout).toBe(
        "@local_op (local@example.com) is now a moderator.",
      );
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
