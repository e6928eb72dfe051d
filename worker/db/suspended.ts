import { type SQLWrapper, sql } from "drizzle-orm";
import { users } from "./schema.ts";

/**
 * The suspended members' ids, as a one-column (`id`) subquery read through `users_suspended` (decision 017). Their
 * content is hidden from all but moderators (`people/privacy.ts`) and what they sent others from everyone
 * (`notifications`), both through this one list, until a suspension is lifted.
 */
export const suspendedMembers = sql`select ${users.id} as id from ${users} where ${users.suspendedAt} is not null`;

/** The member in `memberId` (an id column) is not suspended. */
export const notSuspended = (memberId: SQLWrapper) => sql`${memberId} not in (${suspendedMembers})`;
