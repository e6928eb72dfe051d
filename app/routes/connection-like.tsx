import { redirect } from "react-router";
import { requestContext } from "../../worker/context.ts";
import { toggleLike } from "../../worker/reactions.ts";
import { requireViewer } from "../auth.server.ts";
import { reactionReply } from "../reactions.server.ts";
import type { Route } from "./+types/connection-like";

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await request.formData();
  return reactionReply(
    form,
    `card-${params.connectionId}`,
    () => toggleLike(context.get(requestContext), viewer, params.connectionId),
    "Like failed",
  );
}

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/connections/${params.connectionId}`);
}
