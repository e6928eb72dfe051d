import type { AttemptLedger } from "./db/attempt-ledger.ts";

/** Bindings and secrets the Worker runs with (wrangler.toml, `.dev.vars` locally, `wrangler secret` in production). */
export interface Env {
  /** libSQL URL: the local server (`http://127.0.0.1:8790`) in development, Turso (`libsql://…`) in production. */
  DATABASE_URL: string;
  DATABASE_AUTH_TOKEN?: string;
  /** HS256 key for session tokens; at least 32 random bytes. */
  JWT_SECRET: string;
  /** Comma-separated origins allowed to call /api cross-origin. */
  CORS_ORIGINS?: string;
  IMAGES: R2Bucket;
  /**
   * The attempt ledgers (decision 027): one Durable Object per counted key (a network's password checks, an
   * account's wrong passwords, reset requests, a member's reports), the same count in every isolate and location.
   */
  ATTEMPTS: DurableObjectNamespace<AttemptLedger>;
  /**
   * Mail (password reset links) goes through Resend's HTTP API when this secret is set
   * (`wrangler secret put RESEND_API_KEY`).
   */
  RESEND_API_KEY?: string;
  /** The sender, e.g. `MovieBooks <no-reply@moviebooks.example>` (a domain verified with Resend). */
  MAIL_FROM?: string;
  /** Resend's API base URL; only tests (a local fake) and proxies change it. */
  RESEND_API_URL?: string;
  /**
   * `on`: without a provider key, mail is kept in the development outbox and shown at /dev/outbox (`npm start`
   * and the tests set it). Off unless set, so a deployment missing its key never shows anyone's reset link.
   */
  MAIL_OUTBOX?: string;
  /**
   * Title suggestions on the create page (decision 020). TMDB is asked only with this secret: a v3 API key or a v4
   * API Read Access Token (`wrangler secret put TMDB_API_KEY`). Open Library and Wikidata need no key.
   */
  TMDB_API_KEY?: string;
  /**
   * The providers' addresses, each defaulting to the real one (worker/core/catalog/lookup/providers.ts); only tests
   * (local fakes) and proxies change them: https://api.themoviedb.org/3, https://image.tmdb.org/t/p,
   * https://openlibrary.org, https://covers.openlibrary.org, https://www.wikidata.org/w/api.php.
   */
  TMDB_API_URL?: string;
  TMDB_IMAGE_URL?: string;
  OPEN_LIBRARY_URL?: string;
  OPEN_LIBRARY_COVERS_URL?: string;
  WIKIDATA_URL?: string;
}
