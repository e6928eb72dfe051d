import { redirect } from "react-router";
import { safeRedirect } from "../auth.server.ts";
import { dismissCookie } from "../components/whats-new-banner.tsx";
import { postedForm } from "../forms.server.ts";
import { updates } from "../updates.ts";
import type { Route } from "./+types/whats-new-dismiss";

/**
 * POST /whats-new/dismiss: remembers that the What's New banner was dismissed for one update batch, in the
 * `dismissedUpdateBatchId` cookie (SPEC.md §2, §9). A plain form post (no JavaScript) is sent back to the page
 * it came from (`redirectTo`, local paths only); the banner's fetcher (`via=fetcher`) gets JSON instead.
 * Only ids of real update batches are stored. Cross-site posts never get here (worker/security.ts).
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await postedForm(request);
  const batchId = form.get("batchId");
  const known = typeof batchId === "string" && updates.some((batch) => batch.id === batchId);
  const headers = new Headers();
  if (known) headers.set("Set-Cookie", dismissCookie(batchId, new URL(request.url).protocol === "https:"));
  if (form.get("via") === "fetcher") return Response.json({ ok: known }, { status: known ? 200 : 400, headers });
  return redirect(safeRedirect(form.get("redirectTo")), { headers });
}

/** Nothing to show at this address: a stray GET goes to the full list of updates. */
export function loader() {
  return redirect("/updates");
}
