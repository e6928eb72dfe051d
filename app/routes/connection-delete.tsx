import { Form } from "react-router";
import { connectionTitle } from "../../worker/core/rules/names.ts";
import { DELETE_CONFIRMATION } from "../components/connection/connection-card.tsx";
import { Link } from "../components/link.tsx";
import { pageMeta } from "../meta.ts";
import type { Route } from "./+types/connection-delete";

export { action, loader } from "./connection-delete.server.ts";

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(matches, { title: "Delete connection", path: `/connections/${params.connectionId}/delete` });

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
