import { requestContext } from "../../worker/context.ts";
import { shareImagePath } from "../../worker/core/connections/index.ts";
import {
  addComment,
  connectionWithComments,
  deleteComment,
  updateComment,
} from "../../worker/core/discussion/index.ts";
import { requireMemberToAct } from "../auth.server.ts";
import { notFoundPage } from "../failures.server.ts";
import { postedForm, textFields } from "../forms.server.ts";
import { reactionReply } from "../reactions.server.ts";
import type { Route } from "./+types/connection";

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(requestContext);
  const id = params.connectionId;
  try {
    const page = await connectionWithComments(services, id);
    return { ...page, shareImage: shareImagePath(page.connection), now: Date.now() };
  } catch (error) {
    // A malformed id, a missing connection and a hidden one all read the same (SPEC.md §8).
    notFoundPage(error, `Connection with ID ${id} not found.`);
  }
}

/**
 * Comment intents: add, update, delete. Plain form posts come back to the discussion (#comments) or, on an
 * error, re-render this page with the message; fetchers (the page's and the cards' comment forms) get data. A
 * visitor goes to log in and then back to the discussion.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = requireMemberToAct(context, `/connections/${params.connectionId}#comments`);
  const services = context.get(requestContext);
  const form = await postedForm(request);
  // Without JavaScript, come back to the discussion itself (not to an ?editComment= view of it).
  form.set("redirectTo", `/connections/${params.connectionId}`);
  const { intent, commentId, text, spoiler } = textFields(form, ["intent", "commentId", "text", "spoiler"]);
  // An unticked checkbox is simply absent from a form post: the form's comment is then no spoiler.
  const input = { text, spoiler };
  const run = async (): Promise<unknown> => {
    if (intent === "update-comment") return updateComment(services, viewer, commentId, input);
    if (intent === "delete-comment") return deleteComment(services, viewer, commentId);
    return addComment(services, viewer, params.connectionId, input);
  };
  const fallback =
    intent === "update-comment"
      ? "Failed to update comment."
      : intent === "delete-comment"
        ? "Failed to delete comment."
        : "Failed to post comment.";
  const flash =
    intent === "update-comment" ? "commentSaved" : intent === "delete-comment" ? "commentDeleted" : "commentPosted";
  return reactionReply(form, "comments", run, fallback, {
    flash: () => flash,
    inlineValues: { intent, commentId, text, spoiler },
  });
}
