import { useFormsScripted } from "../hydrated.ts";

/**
 * The hidden `via` field a form sends: "fetcher" when a script sends it, so the action answers with data the page
 * shows in place; "form" for the browser's own post, which the action answers with a redirect back.
 */
export function ViaField() {
  return <input type="hidden" name="via" value={useFormsScripted() ? "fetcher" : "form"} />;
}
