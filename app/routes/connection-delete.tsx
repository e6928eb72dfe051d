import { data, Form, Link, redirect } from "react-router";
import { deleteConnection, getConnection } from "../../worker/connections.ts";
import { requestContext } from "../../worker/context.ts";
import { AppError } from "../../worker/errors.ts";
import { requireViewer, safeRedirect } from "../auth.server.ts";
import { DELETE_CONFIRMATION } from "../components/connection/connection-card.tsx";
import { pageMeta } from "../meta.ts";
import { connectionTitle } from "../share.ts";
import type { Route } from "./+types/connection-delete";

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(matches, { title: "Delete connection", path: `/connections/${params.connectionId}/delete` });

/** The no-JavaScript confirmation step: only the author gets here; others go to the connection's page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const connection = await getConnection(context.get(requestContext), params.connectionId).catch((error) => {
    if (error instanceof AppError) throw data({ message: `Connection with ID ${params.connectionId} not found.` }, { status: 404 });
    throw error;
  });
  if (connection.userRef._id !== viewer.id) throw redirect(`/connections/${connection._id}`);
  return { connection, redirectTo: new URL(request.url).searchParams.get("redirectTo") ?? "" };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await request.formData();
  try {
    await deleteConnection(context.get(requestContext), viewer, params.connectionId);
  } catch (error) {
    if (error instanceof AppError) return data({ error: error.message || "Failed to delete connection." }, { status: error.status });
    throw error;
  }
  // Back to where the member was, unless that was the connection just deleted.
  const target = safeRedirect(form.get("redirectTo"));
  return redirect(target.startsWith(`/connections/${params.connectionId}`) ? "/" : target);
}

export default function DeleteConnection({ loaderData, actionData }: Route.ComponentProps) {
  const { connection, redirectTo } = loaderData;
  return (
    <section className="auth-card" aria-labelledby="delete-title">
      <h1 id="delete-title">Delete connection</h1>
      <p>
        <strong>{connectionTitle(connection)}</strong>
      </p>
      <p>{DELETE_CONFIRMATION}</p>
      {actionData?.error ? (
        <p className="form-error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      <Form method="post" className="form">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <button type="submit" className="button button--danger">
          Delete
        </button>
        <Link to={`/connections/${connection._id}`} className="button button--ghost">
          Cancel
        </Link>
      </Form>
    </section>
  );
}
