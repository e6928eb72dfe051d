import { requestContext } from "../../worker/context.ts";
import { keptImageFile } from "../../worker/core/images/index.ts";
import { requireViewer } from "../auth.server.ts";
import type { Route } from "./+types/staged-upload";

/**
 * An image a create or edit form kept for its retry (decision 030), for that form's thumbnail and live preview:
 * only its uploader sees it, and no cache keeps it for anyone else.
 */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const viewer = requireViewer(url, context);
  const { db, env } = context.get(requestContext);
  const file = await keptImageFile(db, env.IMAGES, viewer.id, params.uploadId);
  if (!file) return new Response("Image not found", { status: 404 });
  return new Response(file.body, {
    headers: {
      "Content-Type": file.type,
      "Cache-Control": "private, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
