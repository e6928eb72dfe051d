import { Form, Link, useNavigation } from "react-router";
import { FormError } from "../components/form-error.tsx";
import { RouteNotice } from "../components/route-notice.tsx";
import { pageMeta } from "../meta.ts";
import { connectionTitle } from "../share.ts";
import type { Route } from "./+types/connection-edit";

export { action, loader } from "./connection-edit.server.ts";

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(matches, { title: "Edit connection", path: `/connections/${params.connectionId}/edit` });

/** SPEC.md §5: titles are read-only; the book's author, context, tags and screenshot can change. */
export default function EditConnection({ loaderData, actionData }: Route.ComponentProps) {
  const { connection } = loaderData;
  const submitting = useNavigation().state === "submitting";
  const values = actionData?.values;
  return (
    <section className="form-page" aria-labelledby="edit-title">
      <h1 id="edit-title">Edit connection</h1>
      <p className="muted">{connectionTitle(connection)}</p>
      <Form method="post" encType="multipart/form-data" className="form connection-form">
        <FormError id="edit-error" message={actionData?.error} />
        {connection.movieRef ? (
          <div className="field">
            <label htmlFor="edit-movieTitle">Movie title</label>
            <input id="edit-movieTitle" value={connection.movieRef.title} readOnly aria-readonly="true" />
          </div>
        ) : null}
        {connection.bookRef ? (
          <>
            <div className="field">
              <label htmlFor="edit-bookTitle">Book title</label>
              <input id="edit-bookTitle" value={connection.bookRef.title} readOnly aria-readonly="true" />
            </div>
            <div className="field">
              <label htmlFor="edit-bookAuthor">Book author</label>
              <input
                id="edit-bookAuthor"
                name="bookAuthor"
                defaultValue={values?.bookAuthor ?? connection.bookRef.author}
                maxLength={200}
              />
            </div>
          </>
        ) : null}
        <div className="field">
          <label htmlFor="edit-context">Context</label>
          <textarea
            id="edit-context"
            name="context"
            rows={6}
            maxLength={5000}
            defaultValue={values?.context ?? connection.context}
          />
        </div>
        <div className="field">
          <label htmlFor="edit-tags">Tags</label>
          <input id="edit-tags" name="tags" defaultValue={values?.tags ?? connection.tags.join(", ")} />
          <p className="field__hint">Separate tags with commas.</p>
        </div>
        {connection.screenshotUrl ? (
          <div className="field">
            <span className="field__label">Current screenshot</span>
            <img
              className="edit-screenshot"
              src={connection.screenshotUrl}
              alt="Current screenshot"
              width={320}
              height={180}
            />
            <label className="checkbox">
              <input type="checkbox" name="removeScreenshot" value="true" /> Remove screenshot
            </label>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor="edit-screenshot">{connection.screenshotUrl ? "Replace screenshot" : "Screenshot"}</label>
          <input id="edit-screenshot" name="screenshot" type="file" accept="image/png,image/jpeg,image/gif" />
        </div>
        <div className="form__actions">
          <button type="submit" className="button" disabled={submitting}>
            {submitting ? "Saving…" : "Save changes"}
          </button>
          <Link to={`/connections/${connection._id}`} className="button button--ghost">
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteNotice error={error} title="Cannot edit" fallback="Failed to fetch connection details for editing." />;
}
