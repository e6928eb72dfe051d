import { redirect } from "react-router";
import { safeRedirect } from "../auth.server.ts";
import { postedForm } from "../forms.server.ts";
import { themeCookie } from "../theme.server.ts";
import { isThemeChoice } from "../theme.ts";
import type { Route } from "./+types/theme";

/**
 * POST /theme: the footer's theme switch (decision 035). A plain form post goes back to the page it came from with
 * the cookie set, so the next page is rendered in the chosen theme; the switch's fetcher gets `{ok}`.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await postedForm(request);
  const choice = form.get("theme");
  const viaFetcher = form.get("via") === "fetcher";
  // Only a hand-made post gets here: the switch sends one of its three values.
  if (!isThemeChoice(choice))
    return Response.json({ ok: false, error: "Choose System, Light or Dark." }, { status: 400 });
  const headers = { "Set-Cookie": themeCookie(choice) };
  if (viaFetcher) return Response.json({ ok: true }, { headers });
  return redirect(safeRedirect(form.get("redirectTo")), { headers });
}

/** Nothing to show at this address. */
export function loader() {
  return redirect("/");
}
