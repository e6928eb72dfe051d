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
  /** Limits login and registration attempts per client address. */
  AUTH_LIMITER: RateLimit;
}
