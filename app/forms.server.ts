import { readFormData } from "../worker/core/images/index.ts";
import { errorPage, fetcherFailure, formFailure } from "./failures.server.ts";
import { dataWithFlash, type FlashKey, redirectWithFlash } from "./flash.server.ts";

/**
 * Runs a form action's core call; a user-facing failure comes back as the form's error (at its field) with the
 * submitted values, so the page re-renders with the message and the fields kept. Anything else is a bug and
 * propagates to the error boundary.
 */
export async function formAction<Values extends Record<string, string>, Result>(
  values: Values,
  run: () => Promise<Result>,
) {
  try {
    return await run();
  } catch (error) {
    return formFailure(error, values);
  }
}

/**
 * The form a page action was posted (the Worker lets no other method reach an action). Anything but a form (a JSON
 * body, a broken multipart, no body) is the route's error page with a 400, as the API answers it.
 */
export async function postedForm(request: Request): Promise<FormData> {
  try {
    return await readFormData(request);
  } catch (error) {
    errorPage(error);
  }
}

/** The text fields of a form, as strings (files and missing fields become ""). */
export function textFields<Name extends string>(form: FormData, names: readonly Name[]): Record<Name, string> {
  return Object.fromEntries(
    names.map((name) => {
      const value = form.get(name);
      return [name, typeof value === "string" ? value : ""];
    }),
  ) as Record<Name, string>;
}

/**
 * The reply of an action that answers one entry of a list (accept a request, remove a follower, unblock). A
 * fetcher (JavaScript) gets `{ok: true}` and the page hides the entry; a plain form post is redirected to
 * `redirectTo`, so reloading it does not post again. Either way the `flash` message says what was done (decision
 * 034). A refusal comes back as `{ok: false, error}` with its status either way, for the page to show.
 */
export async function listEntryAction(
  form: FormData,
  run: () => Promise<unknown>,
  done: { flash: FlashKey; redirectTo: string },
) {
  try {
    await run();
  } catch (error) {
    return fetcherFailure(error, "Something went wrong. Please try again.");
  }
  if (form.get("via") === "fetcher") return dataWithFlash({ ok: true as const }, done.flash);
  return redirectWithFlash(done.redirectTo, done.flash);
}
