import { data } from "react-router";
import type { RequestServices } from "../worker/context.ts";
import { apiErrorBody, knownFailure, pageError, userFailure } from "../worker/core/errors.ts";

export { knownFailure, userFailure };

/**
 * How page actions and loaders answer a core failure, built on worker/core/errors.ts's conversions (the API's
 * error handler uses the same ones). A bug (anything but an AppError) is thrown on to the error boundary.
 */

/** A failed form post: the message at its field, with what was submitted so the page keeps it. */
export function formFailure<Values>(error: unknown, values: Values, fallback?: string) {
  const failure = userFailure(error);
  return data({ ...pageError(failure, fallback), values }, { status: failure.status });
}

/**
 * A create or edit form whose save failed, for any reason: the message at its field, with what was submitted and
 * what the form kept (its images) so the page shows it all again. A failure that is not the member's (the database
 * unreachable, a bug) is logged and answered with the page's own message (`fallback`, SPEC.md §8) and a 503 during
 * an outage (decision 029) or a 500, so the form is never lost to an error page.
 */
export function saveFailure<Reply extends object>(
  services: Pick<RequestServices, "databaseUnreachable">,
  error: unknown,
  reply: Reply,
  fallback: string,
) {
  const failure = knownFailure(error);
  if (!failure) {
    console.error("A save failed", error);
    return data({ error: fallback, ...reply }, { status: services.databaseUnreachable() ? 503 : 500 });
  }
  return data({ ...pageError(failure, fallback), ...reply }, { status: failure.status });
}

/** A failed fetcher or card post (`ok: false`), answered with data rather than a page. */
export function fetcherFailure<Values>(error: unknown, fallback: string, values?: Values) {
  const failure = userFailure(error);
  return data({ ok: false as const, ...pageError(failure, fallback), values }, { status: failure.status });
}

/**
 * A loader's malformed id (400) or missing target (404) becomes the page's 404 with SPEC.md §8's message, which
 * the route's ErrorBoundary shows. Other failures stay what they are.
 */
export function notFoundPage(error: unknown, message: string): never {
  const failure = userFailure(error);
  if (failure.status === 400 || failure.status === 404) throw data({ message }, { status: 404 });
  throw failure;
}

/**
 * A loader's or an action's failure as the route's error page, with its own status and message (a 403 "Moderators
 * only.").
 */
export function errorPage(error: unknown): never {
  const failure = userFailure(error);
  throw data({ message: failure.message }, { status: failure.status });
}

/** A failure answered as the API answers it (`{message}` with its status), for routes that serve JSON. */
export function jsonFailure(error: unknown): Response {
  const failure = userFailure(error);
  return Response.json(apiErrorBody(failure), { status: failure.status });
}
