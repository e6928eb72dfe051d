import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeTemplates } from "./support/templates.ts";

/**
 * Once per run, before any test file: the migrated and seeded states every site starts from
 * (tests/support/templates.ts). The integration and browser projects both name this file; the states are made
 * once, by whichever asks first.
 */
const shared = globalThis as { moviebooksTemplates?: { made: Promise<unknown>; users: number; directory: string } };

export default async function setup() {
  if (!shared.moviebooksTemplates) {
    const directory = mkdtempSync(join(tmpdir(), "moviebooks-templates-"));
    shared.moviebooksTemplates = { made: makeTemplates(directory), users: 0, directory };
  }
  const templates = shared.moviebooksTemplates;
  templates.users += 1;
  await templates.made;
  return () => {
    templates.users -= 1;
    if (templates.users === 0) rmSync(templates.directory, { recursive: true, force: true });
  };
}
