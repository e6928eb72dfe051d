import { redirect } from "react-router";
import { requestContext } from "../../worker/context.ts";
import { VERDICT_MESSAGES } from "../../worker/core/rules/index.ts";
import { castVote, withdrawVote } from "../../worker/core/verdicts/index.ts";
import { formOrigin, requireMemberToAct } from "../auth.server.ts";
import { postedForm } from "../forms.server.ts";
import { reactionReply } from "../reactions.server.ts";
import type { Route } from "./+types/connection-verdict";

/**
 * A card's "Book or film?" form: a choice casts or changes the vote, an empty one withdraws it. A visitor goes to
 * log in and then back to the card.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  const anchor = `card-${params.connectionId}`;
  const viewer = requireMemberToAct(context, formOrigin(form, anchor, `/connections/${params.connectionId}`));
  const services = context.get(requestContext);
  const choice = form.get("choice");
  const run = () =>
    choice
      ? castVote(services, viewer, params.connectionId, { choice })
      : withdrawVote(services, viewer, params.connectionId);
  return reactionReply(form, anchor, run, VERDICT_MESSAGES.failed, {
    flash: () => (choice ? "voteCounted" : "voteWithdrawn"),
  });
}

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/connections/${params.connectionId}`);
}
