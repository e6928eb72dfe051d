import { redirect } from "react-router";
import { requestContext } from "../../worker/context.ts";
import { deleteConnection, getConnection } from "../../worker/core/connections/index.ts";
import { requireViewer, safeRedirect } from "../auth.server.ts";
import { formFailure, notFoundPage } from "../failures.server.ts";
import { redirectWithFlash } from "../flash.server.ts";
import { postedForm } from "../forms.server.ts";
import type { Route } from "./+types/connection-delete";

/** The no-JavaScript confirmation step: only the author gets here; others go to the connection's page. */
export async function loader({ request, params, context, url }: Route.LoaderArgs) {
  const viewer = requireViewer(url, context);
  const connection = await getConnection(context.get(requestContext), params.connectionId).catch((error: unknown) =>
    notFoundPage(error, `Connection with ID ${params.connectionId} not found.`),
  );
  if (connection.userRef._id !== viewer.id) throw redirect(`/connections/${connection._id}`);
  return { connection, redirectTo: new URL(request.url).searchParams.get("redirectTo") ?? "" };
}

export async function action({ request, params, context, url }: Route.ActionArgs) {
  const viewer = requireViewer(url, context);
  const form = await postedForm(request);
  try {
    await deleteConnection(context.get(requestContext), viewer, params.connectionId);
  } catch (error) {
    return formFailure(error, {}, "Failed to delete connection.");
  }
  // Back to where the member was, unless that was the connection just deleted.
  const target = safeRedirect(form.get("redirectTo"));
  return redirectWithFlash(
    target.startsWith(`/connections/${params.connectionId}`) ? "/" : target,
    "connectionDeleted",
  );
}
