import { existsSync, readFileSync, writeFileSync } from "node:fs";

/**
 * `.dev.vars` holds the Worker's local secrets (git-ignored). The JWT secret is generated once and kept, so
 * sessions survive restarts; other values are refreshed on every start.
 */
export function writeDevVars(path: string, values: Record<string, string>): void {
  const existing = readDevVars(path);
  const merged = {
    JWT_SECRET: existing.JWT_SECRET ?? randomSecret(),
    ...existing,
    ...values,
  };
  const text = Object.entries(merged)
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`)
    .join("\n");
  writeFileSync(path, `# Local secrets for the Worker, written by npm start. Never commit this file.\n${text}\n`);
}

/** The values in `.dev.vars`, or none when `npm start` has not written it yet. */
export function readDevVars(path: string): Record<string, string> {
  return existsSync(path) ? parse(readFileSync(path, "utf8")) : {};
}

function parse(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const [, key, value] = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim()) ?? [];
    if (key !== undefined && value !== undefined) {
      values[key] = value.startsWith('"') ? (JSON.parse(value) as string) : value;
    }
  }
  return values;
}

function randomSecret(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
}
