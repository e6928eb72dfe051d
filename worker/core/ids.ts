/**
 * Ids are 24 lower-case hex characters: 8 of seconds since the epoch, then 16 random. Existing clients treat
 * `_id` as an opaque string; the time prefix keeps ids roughly creation-ordered for index locality.
 */
const ID_PATTERN = /^[0-9a-f]{24}$/;

export function newId(now = Date.now()): string {
  const seconds = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, "0");
  const random = crypto.getRandomValues(new Uint8Array(8));
  return seconds + Array.from(random, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export function isId(value: unknown): value is string {
  return typeof value === "string" && ID_PATTERN.test(value);
}
