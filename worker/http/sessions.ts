import type { RequestServices, Viewer } from "../context.ts";
import {
  claimViewer,
  clearedSessionCookie,
  sessionCookie,
  sessionGone,
  signSessionToken,
  writeAsClaimed,
} from "../core/auth/index.ts";
import type { RoundTrips } from "../db/round-trips.ts";
import type { Env } from "../env.ts";

/**
 * The session of a request, checked in its first round trip (decision 040). A request with a token runs at once
 * as the member the token names, its reads written for them; the session check rides with those reads, and
 * writes wait for it. Should the check find the session gone (logged out, expired, the member suspended), or the
 * member's role changed since the token was signed, the request runs again from the start as what the check
 * found: a visitor (whose stale cookie is cleared) or the member with their role (whose cookie is renewed). What the
 * first run made is thrown away, and it wrote nothing to the database. That costs a second run, rarely; every other
 * request saves a round trip.
 */
type Session = Pick<
  RequestServices,
  "viewer" | "tokenState" | "confirmViewer" | "checkedViewer" | "writeBesideTheCheck"
> & {
  /** Sends the session check if nothing has yet, and waits for it, so that the request knows how it went. */
  settle(): Promise<void>;
};

interface Claimed {
  viewer: Viewer;
  checked: Promise<Viewer | null>;
  /** Where the token came from: a page's cookie can be renewed or cleared, an API client's token cannot. */
  fromCookie: boolean;
}

const claims = new WeakMap<Request, Claimed>();
/** Requests running again, and as whom: the viewer the session check found (null: a visitor). */
const reruns = new WeakMap<Request, { viewer: Viewer | null }>();

const known = (viewer: Viewer | null, tokenState: RequestServices["tokenState"], roundTrips: RoundTrips): Session => ({
  viewer,
  tokenState,
  confirmViewer: async () => viewer,
  checkedViewer: async () => viewer ?? Promise.reject(sessionGone()),
  writeBesideTheCheck: async (write) =>
    viewer ? roundTrips.execute(writeAsClaimed(viewer, write)) : Promise.reject(sessionGone()),
  settle: async () => {},
});

export async function openSession(
  request: Request,
  env: Env,
  token: { value: string; fromCookie: boolean } | null,
  roundTrips: RoundTrips,
): Promise<Session> {
  const rerun = reruns.get(request);
  if (rerun) return known(rerun.viewer, rerun.viewer ? "valid" : "invalid", roundTrips);
  if (!token) return known(null, "none", roundTrips);
  const claim = await claimViewer(env, token.value, (stmt) => roundTrips.ride(stmt));
  if (!claim) return known(null, "invalid", roundTrips);
  claims.set(request, { ...claim, fromCookie: token.fromCookie });
  // Nothing is written until the check has found the viewer the request runs as.
  roundTrips.holdWritesUntil(
    claim.checked.then((checked) => {
      // The 401 the request would get: this run is thrown away and run again (`checkedSessions`), nothing to log.
      if (!confirmsClaim(checked, claim.viewer)) throw sessionGone();
    }),
  );
  const confirmViewer = () => {
    roundTrips.pull();
    return claim.checked;
  };
  return {
    viewer: claim.viewer,
    tokenState: "valid",
    confirmViewer,
    checkedViewer: async () => (await confirmViewer()) ?? Promise.reject(sessionGone()),
    writeBesideTheCheck: async (write) => {
      const written = await roundTrips.executeBesideTheCheck(writeAsClaimed(claim.viewer, write));
      // The check answered in the same round trip; the write changed nothing if it found the session gone.
      if (!confirmsClaim(await claim.checked, claim.viewer)) throw sessionGone();
      return written;
    },
    settle: () =>
      confirmViewer().then(
        () => undefined,
        () => undefined,
      ),
  };
}

/** The check found the member the token claimed, with the role it claimed: the run stands. */
function confirmsClaim(checked: Viewer | null, claimed: Viewer): boolean {
  return checked !== null && checked.role === claimed.role;
}

type Fetch = (request: Request, env: Env, ctx: ExecutionContext) => Response | Promise<Response>;

/** The app's fetch, run again when a request's session check says the request ran as someone it is not. */
export function checkedSessions(fetch: Fetch): Fetch {
  return async (request, env, ctx) => {
    // A body is read once; a request that may run again keeps a copy.
    const replay = request.method === "GET" || request.method === "HEAD" ? request : (request.clone() as Request);
    const response = await fetch(request, env, ctx);
    const claim = claims.get(request);
    if (!claim) return response;
    // Unknown when the database could not answer: the first run's answer (the outage page) stands.
    const checked = await claim.checked.catch(() => undefined);
    if (checked === undefined || confirmsClaim(checked, claim.viewer)) return response;
    await response.body?.cancel();
    reruns.set(replay, { viewer: checked });
    const again = await fetch(replay, env, ctx);
    if (!claim.fromCookie) return again;
    const renewed = new Response(again.body, again);
    renewed.headers.append(
      "Set-Cookie",
      checked
        ? sessionCookie(
            await signSessionToken(env.JWT_SECRET, {
              userId: checked.id,
              sessionId: checked.sessionId,
              role: checked.role,
            }),
          )
        : clearedSessionCookie(),
    );
    return renewed;
  };
}
