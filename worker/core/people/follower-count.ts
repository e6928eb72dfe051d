import { count, eq } from "drizzle-orm";
import type { RequestServices } from "../../context.ts";
import { follows } from "../../db/schema.ts";

/** The member's follower count, as a statement that can run in a batch after the write it reports on. */
export function followerCountOf(db: RequestServices["db"], userId: string) {
  return db.select({ n: count() }).from(follows).where(eq(follows.followeeId, userId));
}
