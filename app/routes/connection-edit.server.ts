import { redirect } from "react-router";
import { requestContext } from "../../worker/context.ts";
import { getConnection, updateConnection } from "../../worker/core/connections/index.ts";
import { splitFormData } from "../../worker/core/images/index.ts";
import { requireViewer } from "../auth.server.ts";
import { formFailure, notFoundPage, userFailure } from "../failures.server.ts";
import type { Route } from "./+types/connection-edit";

/** Only the author may edit; anyone else is sent to the connection's page (SPEC.md §6). */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const viewer = requireViewer(url, context);
  const connection = await getConnection(context.get(requestContext), params.connectionId).catch((error: unknown) =>
    notFoundPage(error, `Connection with ID ${params.connectionId} not found.`),
  );
  if (connection.userRef._id !== viewer.id) throw redirect(`/connections/${connection._id}`);
  return { connection };
}

export async function action({ request, params, context, url }: Route.ActionArgs) {
  const viewer = requireViewer(url, context);
  const { fields, files } = splitFormData(await request.formData());
  try {
    // An unticked checkbox is simply absent from a form post.
    await updateConnection(
      context.get(requestContext),
      viewer,
      params.connectionId,
      { ...fields, removeScreenshot: fields.removeScreenshot ?? "", contextSpoiler: fields.contextSpoiler ?? "" },
      files,
    );
  } catch (error) {
    if (userFailure(error).status === 403) return redirect(`/connections/${params.connectionId}`);
    return formFailure(error, fields);
  }
  return redirect(`/connections/${params.connectionId}`);
}
