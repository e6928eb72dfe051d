import { redirect } from "react-router";
import { requestContext } from "../../worker/context.ts";
import { toggleFavorite } from "../../worker/reactions.ts";
import { requireViewer } from "../auth.server.ts";
import { reactionReply } from "../reactions.server.ts";
import type { Route } from "./+types/connection-favorite";

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await request.formData();
  return reactionReply(
    form,
    `card-${params.connectionId}`,
    () => toggleFavorite(context.get(requestContext), viewer, params.connectionId),
    "Failed to update favorite status.",
  );
}

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/connections/${params.connectionId}`);
}
