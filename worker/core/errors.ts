import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * A failure the user caused or may see (bad input, not allowed, not found). Core services throw it with the
 * spec's exact message and, when it is about one input, that input's field (the schema's issue path, or set by
 * the rule that knows it, such as a taken username). The conversions below are the only way it leaves: the API
 * answers `{message}` with its status, and the pages show the message at its field. Anything else that escapes
 * is a bug and becomes a logged 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, message, field);
export const unauthorized = (message: string, field?: string) => new AppError(401, message, field);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);

/** What every door answers while the database cannot be reached (decision 029). */
export const UNAVAILABLE_MESSAGE = "MovieBooks is temporarily unavailable. Please try again in a few minutes.";
export const unavailable = () => new AppError(503, UNAVAILABLE_MESSAGE);
/** Seconds a client is asked to wait before trying again during an outage (`Retry-After`). */
export const UNAVAILABLE_RETRY_SECONDS = 30;

/** The user-facing failure an error is; anything else is a bug and is thrown on. */
export function userFailure(error: unknown): AppError {
  const failure = knownFailure(error);
  if (failure) return failure;
  throw error;
}

/**
 * The user-facing failure an error is, or null for anything else (for an answer that must be given regardless).
 * A statement the request's session check refused (decision 040) fails with that check's AppError as its cause,
 * wrapped by the query builder: it is that failure.
 */
export function knownFailure(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  return error instanceof Error && error.cause instanceof AppError ? error.cause : null;
}

/** The API's reply body (API.md: every error is `{message}`, nothing more). */
export function apiErrorBody(error: AppError): { message: string } {
  return { message: error.message };
}

/** What a page shows for a failure: the message, at its field when it has one (else at the top of the form). */
export interface PageError {
  error: string;
  field?: string;
}

export function pageError(error: AppError, fallback?: string): PageError {
  const message = error.message || fallback || "";
  return error.field ? { error: message, field: error.field } : { error: message };
}
