import type { ResultSet } from "@libsql/client";
import type { SQL } from "drizzle-orm";
import { createContext } from "react-router";
import type { AppError } from "./core/errors.ts";
import type { Database } from "./db/client.ts";
import type { RoundTrips } from "./db/round-trips.ts";
import type { Env } from "./env.ts";

/**
 * The logged-in user making the request, from a Bearer token or the session cookie. Their id, session and role are
 * known from the token at once; the rest comes with the session check, in the request's first round trip
 * (decision 040): read it after the request's first database answer, or after `confirmViewer`.
 */
export interface Viewer {
  id: string;
  username: string;
  displayName: string;
  pictureKey: string | null;
  isPrivate: boolean;
  sessionId: string;
  /** Unread notifications, fetched with the viewer (same query) because every page's header shows it. */
  unreadNotifications: number;
  /** The viewer's favorite connection ids (SPEC.md §3 keeps them with the session), read in the same query. */
  favoriteIds: string[];
  /** Follow requests waiting for the viewer's answer (the sidebar's badge), read in the same query. */
  pendingFollowRequests: number;
  /** Whether the viewer follows anyone: the home page then opens on the Following feed (decision 031); same query. */
  followsAnyone: boolean;
  /** Moderators work the report queue and see suspended members' content (decision 017). */
  role: "member" | "moderator";
  /** Open report cases (the sidebar's Moderation badge): moderators only, 0 for everyone else; same query. */
  openReportCases: number;
}

/** Everything a loader, action or API handler needs for one request. */
export interface RequestServices {
  env: Env;
  db: Database;
  viewer: Viewer | null;
  /**
   * The viewer once the session check has answered (with the request's first round trip, which this sends if
   * nothing else has): for code that needs their name or counts before its own first read.
   */
  confirmViewer(): Promise<Viewer | null>;
  /**
   * The same, for a write that carries the member's name: a session the check found gone answers as a bad token (the
   * request then runs again as a visitor). Waiting costs nothing: every write waits for the check anyway.
   */
  checkedViewer(): Promise<Viewer>;
  /**
   * Sends a write beside the session check, in the request's first round trip, instead of after it (decision 040):
   * `write` gets a condition that holds only if the check will confirm the viewer as their token claimed, and must
   * change nothing when it does not. It answers once the check has confirmed them; otherwise (or without a viewer)
   * it fails as a gone session does.
   */
  writeBesideTheCheck(write: (asClaimed: SQL) => SQL): Promise<ResultSet>;
  /**
   * What the request's token said: none presented, valid, or presented but bad/expired/revoked. API routes
   * that need a user turn this into API.md's two 401 messages.
   */
  tokenState: "none" | "valid" | "invalid";
  /**
   * Whether a database call of this request found no database (worker/db/connection.ts): every door then answers
   * 503 with `UNAVAILABLE_MESSAGE`, whatever else failed (decision 029).
   */
  databaseUnreachable(): boolean;
  /**
   * A refusal decided before the request reached its door (a body over its route's cap): the API answers it as
   * `{message}`, the pages as their error page.
   */
  refusal: AppError | null;
  /** The client's address as the edge saw it (`CF-Connecting-IP`), for the attempt limits (decision 027). */
  clientAddress: string;
  /** The site origin (`https://moviebooks.example`), used for absolute image URLs and canonical links. */
  origin: string;
  /** Per-request CSP nonce for the inline scripts React Router renders. */
  nonce: string;
  waitUntil(promise: Promise<unknown>): void;
}

/** React Router context key: loaders and actions read `context.get(requestContext)`. */
export const requestContext = createContext<RequestServices>();

/** Hono's typing for the same services, so the API reads `c.var.services`. */
export interface AppEnv {
  Bindings: Env;
  /** `roundTrips`: the request's database calls, for what rides along with them (the edge cache's version read). */
  Variables: { services: RequestServices; roundTrips: RoundTrips };
}
