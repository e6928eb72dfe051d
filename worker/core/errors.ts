import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * A failure the user caused or may see (bad input, not allowed, not found). Core services throw it with the
 * spec's exact message; the API turns it into `{message}` with its status, and the pages show the message.
 * Anything else that escapes is a bug and becomes a logged 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
