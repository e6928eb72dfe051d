import { data } from "react-router";
import { requestContext } from "../../worker/context.ts";
import { acceptFollowRequest, declineFollowRequest, listFollowRequests } from "../../worker/core/people/index.ts";
import { requireViewer } from "../auth.server.ts";
import { listEntryAction, postedForm, textFields } from "../forms.server.ts";
import type { Route } from "./+types/follow-requests";

/** What the member is told after each answer (decision 014), as flash messages (decision 034). */
const ANSWERED = { accept: "requestAccepted", decline: "requestDeclined" } as const;
type Answer = keyof typeof ANSWERED;
const isAnswer = (value: string | null): value is Answer => value === "accept" || value === "decline";

/** The viewer's pending follow requests, newest first, in one query. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const viewer = requireViewer(url, context);
  return {
    requests: await listFollowRequests(context.get(requestContext), viewer),
    isPrivate: viewer.isPrivate,
    now: Date.now(),
  };
}

/** intent=accept or intent=decline for `userId`'s request. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const viewer = requireViewer(url, context);
  const services = context.get(requestContext);
  const form = await postedForm(request);
  const { intent, userId } = textFields(form, ["intent", "userId"]);
  if (!isAnswer(intent)) return data({ ok: false as const, error: "Unknown action." }, { status: 400 });
  const answer = intent === "accept" ? acceptFollowRequest : declineFollowRequest;
  return listEntryAction(form, () => answer(services, viewer, userId), {
    flash: ANSWERED[intent],
    redirectTo: "/follow-requests",
  });
}
