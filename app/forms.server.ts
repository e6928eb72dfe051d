import { formFailure } from "./failures.server.ts";

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

/** The text fields of a form, as strings (files and missing fields become ""). */
export function textFields<Name extends string>(form: FormData, names: readonly Name[]): Record<Name, string> {
  return Object.fromEntries(
    names.map((name) => {
      const value = form.get(name);
      return [name, typeof value === "string" ? value : ""];
    }),
  ) as Record<Name, string>;
}
