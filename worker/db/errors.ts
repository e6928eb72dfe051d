/**
 * True when a write failed on the named unique index (or primary key of the named table). Drizzle wraps the
 * libSQL error, so the whole cause chain is searched.
 */
export function isUniqueViolation(error: unknown, indexOrTable: string): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (
      /UNIQUE constraint failed|SQLITE_CONSTRAINT_(UNIQUE|PRIMARYKEY)/.test(current.message) &&
      current.message.includes(indexOrTable)
    ) {
      return true;
    }
  }
  return false;
}
