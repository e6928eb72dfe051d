import type { InStatement, InValue, ResultSet, Row } from "@libsql/client";
import { and, eq, gt, isNull, type SQL, sql } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { RequestServices, Viewer } from "../../context.ts";
import { favorites, followRequests, follows, reportCases, sessions, users } from "../../db/schema.ts";
import type { Env } from "../../env.ts";
import { reportedCase } from "../moderation/index.ts";
import { unreadGroupCount } from "../notifications/index.ts";
import { authorVisibleTo } from "../people/index.ts";
import { sessionGone } from "./accounts.ts";
import { type TokenClaims, verifySessionToken } from "./tokens.ts";

/**
 * The session check, in the request's first round trip (decision 040). A token's signature is checked here, with
 * no database; it names the member, their session and the role they had when it was signed. The request's reads
 * are written for that member at once, and the check (the session row still there and in date, the member not
 * suspended, and their name, picture and badge counts for the header) travels in the same round trip as the
 * page's reads.
 */
export interface ViewerClaim {
  /** The viewer the reads are written for: the token's member, session and role at once; the rest once checked. */
  viewer: Viewer;
  /** The viewer as the database has it, or null when the session is gone. */
  checked: Promise<Viewer | null>;
}

/** Null when there is no token or it is not ours (bad signature, expired): no claim to check. */
export async function claimViewer(
  env: Pick<Env, "JWT_SECRET">,
  token: string,
  ride: (stmt: InStatement) => Promise<ResultSet>,
): Promise<ViewerClaim | null> {
  const claims = await verifySessionToken(env.JWT_SECRET, token);
  if (!claims) return null;
  const { sql: text, params } = dialect.sqlToQuery(sessionCheck(claims, Date.now()));
  const { viewer, fill } = claimedViewer(claims);
  const checked = ride({ sql: text, args: params as InValue[] }).then(({ rows }) => {
    const [row] = rows;
    const found = row ? toViewer(row) : null;
    fill(found);
    return found;
  });
  return { viewer, checked };
}

const dialect = new SQLiteAsyncDialect();

/** The viewer's row, if the session is live: the session, in date, of a member who is not suspended. */
function sessionCheck(claims: TokenClaims, now: number): SQL {
  return sql`select ${users.id} as id, ${users.username} as username, ${users.displayName} as displayName,
    ${users.pictureKey} as pictureKey, ${users.isPrivate} as isPrivate, ${sessions.id} as sessionId,
    ${users.role} as role,
    ${unreadGroupCount(sql`${users.id}`)} as unreadNotifications,
    (select coalesce(json_group_array(${favorites.connectionId}), '[]') from ${favorites}
      where ${favorites.userId} = ${users.id}) as favoriteIds,
    (select count(*) from ${followRequests}
      where ${and(eq(followRequests.targetId, users.id), authorVisibleTo(null, followRequests.requesterId))})
      as pendingFollowRequests,
    exists (select 1 from ${follows} where ${follows.followerId} = ${users.id}) as followsAnyone,
    (case when ${users.role} = 'moderator'
      then (select count(*) from ${reportCases} where ${reportCases.status} = 'open' and ${reportedCase}) else 0 end)
      as openReportCases
    from ${sessions} inner join ${users} on ${eq(users.id, sessions.userId)}
    where ${liveSession(claims.sessionId, claims.userId, now)}`;
}

/** Over `sessions` joined with `users`: the session is there and in date, and its member not suspended. */
function liveSession(sessionId: string, userId: string, now: number): SQL | undefined {
  return and(
    eq(sessions.id, sessionId),
    eq(sessions.userId, userId),
    gt(sessions.expiresAt, now),
    // A suspension deletes the member's sessions; this also refuses a session created while it committed.
    isNull(users.suspendedAt),
  );
}

/**
 * A write that may travel beside the session check instead of after it (decision 040): `write` builds it around a
 * condition, true only if the check is going to confirm the viewer as the token claimed them (the session live, the
 * same role), and must change nothing when it is false. So a request the check sends round again has written
 * nothing, as if its writes had waited.
 */
export function writeAsClaimed(
  viewer: Pick<Viewer, "id" | "sessionId" | "role">,
  write: (asClaimed: SQL) => SQL,
  now = Date.now(),
): InStatement {
  const asClaimed = sql`exists (select 1 from ${sessions} inner join ${users} on ${eq(users.id, sessions.userId)}
    where ${and(liveSession(viewer.sessionId, viewer.id, now), eq(users.role, viewer.role))})`;
  const { sql: text, params } = dialect.sqlToQuery(write(asClaimed));
  return { sql: text, args: params as InValue[] };
}

function toViewer(row: Row): Viewer {
  return {
    id: String(row.id),
    username: String(row.username),
    displayName: String(row.displayName),
    pictureKey: row.pictureKey === null ? null : String(row.pictureKey),
    isPrivate: Boolean(row.isPrivate),
    sessionId: String(row.sessionId),
    role: row.role === "moderator" ? "moderator" : "member",
    unreadNotifications: Number(row.unreadNotifications),
    favoriteIds: JSON.parse(String(row.favoriteIds)) as string[],
    pendingFollowRequests: Number(row.pendingFollowRequests),
    followsAnyone: Boolean(row.followsAnyone),
    openReportCases: Number(row.openReportCases),
  };
}

type Details = Omit<Viewer, "id" | "sessionId" | "role">;
const DETAILS: ReadonlyArray<keyof Details> = [
  "username",
  "displayName",
  "pictureKey",
  "isPrivate",
  "unreadNotifications",
  "favoriteIds",
  "pendingFollowRequests",
  "followsAnyone",
  "openReportCases",
];

/**
 * The token's member as a `Viewer`: who they are and their role, now; the rest once the check has answered.
 * Reading the rest earlier is a mistake in the code (it would decide something on a guess), so it throws rather
 * than answering something. Reading it after the check found the session gone throws the 401 the request would get
 * without it: that run is thrown away and the request runs again without the session (`checkedSessions`), so it is
 * no bug to log.
 */
function claimedViewer(claims: TokenClaims): { viewer: Viewer; fill(checked: Viewer | null): void } {
  let answer: Details | "gone" | null = null;
  const viewer = { id: claims.userId, sessionId: claims.sessionId, role: claims.role } as Viewer;
  for (const key of DETAILS) {
    Object.defineProperty(viewer, key, {
      enumerable: true,
      get() {
        if (answer === "gone") throw sessionGone();
        if (!answer) throw new Error(`The viewer's ${key} was read before the session check answered.`);
        return answer[key];
      },
    });
  }
  return {
    viewer,
    fill: (checked) => {
      answer = checked ?? "gone";
    },
  };
}

/**
 * A token's viewer for a request that reads nothing else first (an image's access check): the check on its own.
 * `invalid` means a token was presented but is bad, expired or revoked.
 */
export async function resolveViewer(
  services: Pick<RequestServices, "db" | "env">,
  token: string | null,
): Promise<{ viewer: Viewer | null; token: "none" | "valid" | "invalid" }> {
  if (!token) return { viewer: null, token: "none" };
  const claim = await claimViewer(services.env, token, (stmt) => services.db.$client.execute(stmt));
  const viewer = claim && (await claim.checked);
  return viewer ? { viewer, token: "valid" } : { viewer: null, token: "invalid" };
}
