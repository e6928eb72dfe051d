import { data } from "react-router";
import { requestContext } from "../../worker/context.ts";
import { fileReport, reportTarget } from "../../worker/core/moderation/index.ts";
import { isTargetType, type ReportTargetType } from "../../worker/core/rules/index.ts";
import { requireMemberToAct, requireViewer, safeRedirect } from "../auth.server.ts";
import { notFoundPage } from "../failures.server.ts";
import { redirectWithFlash } from "../flash.server.ts";
import { formAction, postedForm, textFields } from "../forms.server.ts";
import type { Route } from "./+types/report";

/** What the page says is missing when the thing to report is not there (or not visible). */
const MISSING: Record<ReportTargetType, string> = {
  connection: "Connection not found.",
  comment: "Comment not found.",
  user: "User not found.",
};

function targetType(value: string): ReportTargetType {
  if (isTargetType(value)) return value;
  throw data({ message: "There is nothing to report here." }, { status: 404 });
}

/**
 * The report form for a connection, a comment or a member the viewer may see (else the 404 page).
 * `redirectTo` is where "Back" (and a sent report) leads: where the member came from.
 */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const viewer = requireViewer(url, context);
  const type = targetType(params.targetType);
  const target = await reportTarget(context.get(requestContext), viewer, type, params.targetId).catch(
    (error: unknown) => notFoundPage(error, MISSING[type]),
  );
  return {
    target: { type, summary: target.summary, url: target.url },
    own: target.own,
    alreadyReported: target.alreadyReported,
    back: safeRedirect(url.searchParams.get("redirectTo"), target.url),
  };
}

/**
 * Files the report; then back where the member came from, with the flash message that thanks them (decision
 * 034). A visitor goes to log in and then back to the report form.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const type = targetType(params.targetType);
  const values = textFields(await postedForm(request), ["reason", "note", "redirectTo"]);
  const back = safeRedirect(values.redirectTo, "");
  // From the route's params: with JavaScript the request's own path is the data request's (`….data`).
  const page = (query: Record<string, string>) =>
    `/report/${type}/${params.targetId}?${new URLSearchParams({ ...query, redirectTo: back })}`;
  const viewer = requireMemberToAct(context, page({}));
  const services = context.get(requestContext);
  return formAction(values, async () => {
    await fileReport(services, viewer, { targetType: type, targetId: params.targetId, ...values });
    return redirectWithFlash(back || "/", "reportSent");
  });
}
