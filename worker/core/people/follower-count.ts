import { and, count, eq } from "drizzle-orm";
import type { RequestServices, Viewer } from "../../context.ts";
import { follows } from "../../db/schema.ts";
import { authorVisibleTo } from "./privacy.ts";

/**
 * The member's follower count as `viewer` is shown it (members a block stands between them and the viewer are
 * left out, as on the profile), as a statement that can run in a batch after the write it reports on.
 */
export function followerCountOf(db: RequestServices["db"], userId: string, viewer: Viewer | null) {
  return db
    .select({ n: count() })
    .from(follows)
    .where(and(eq(follows.followeeId, userId), authorVisibleTo(viewer, follows.followerId)));
}
