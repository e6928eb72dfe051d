/**
 * `npm run db:generate [-- drizzle-kit options]`: drizzle-kit generates the migration, then the trigger guard
 * reads it, because a generated table rebuild drops that table's triggers without a word (decision 012).
 */
import { spawnSync } from "node:child_process";
import { checkMigrationTriggers, readMigrations } from "./trigger-guard.ts";

const generated = spawnSync("drizzle-kit", ["generate", ...process.argv.slice(2)], { stdio: "inherit" });
if (generated.status !== 0) process.exit(generated.status ?? 1);

const problems = checkMigrationTriggers(readMigrations());
if (problems.length) {
  console.error(
    `\nThe migrations lose or add triggers (docs/decisions/012-triggers-and-deletes.md):\n\n${problems.join("\n\n")}`,
  );
  process.exit(1);
}
