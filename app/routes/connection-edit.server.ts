import { data, redirect } from "react-router";
import { requestContext } from "../../worker/context.ts";
import { getConnection, updateConnection } from "../../worker/core/connections/index.ts";
import { AppError } from "../../worker/core/errors.ts";
import { splitFormData } from "../../worker/core/images/index.ts";
import { requireViewer } from "../auth.server.ts";
import type { Route } from "./+types/connection-edit";

/** Only the author may edit; anyone else is sent to the connection's page (SPEC.md §6). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const connection = await getConnection(context.get(requestContext), params.connectionId).catch((error: unknown) => {
    if (error instanceof AppError)
      throw data({ message: `Connection with ID ${params.connectionId} not found.` }, { status: 404 });
    throw error;
  });
  if (connection.userRef._id !== viewer.id) throw redirect(`/connections/${connection._id}`);
  return { connection };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const { fields, files } = splitFormData(await request.formData());
  try {
    // An unticked checkbox is simply absent from a form post.
    await updateConnection(
      context.get(requestContext),
      viewer,
      params.connectionId,
      { ...fields, removeScreenshot: fields.removeScreenshot ?? "" },
      files,
    );
  } catch (error) {
    if (error instanceof AppError) {
      if (error.status === 403) return redirect(`/connections/${params.connectionId}`);
      return data({ error: error.message, values: fields }, { status: error.status });
    }
    throw error;
  }
  return redirect(`/connections/${params.connectionId}`);
}
