import { Form, Link, useNavigation } from "react-router";
import { EDIT_CONNECTION_FORMS } from "../../worker/core/rules/edit-connection-forms.ts";
import { connectionTitle } from "../../worker/core/rules/names.ts";
import { isTicked, SPOILER_TEXT } from "../../worker/core/rules/spoilers.ts";
import { FormError } from "../components/form-error.tsx";
import { FormField } from "../components/form-field.tsx";
import { KindField } from "../components/kind-field.tsx";
import { RouteNotice } from "../components/route-notice.tsx";
import { SpoilerCheckbox } from "../components/spoiler.tsx";
import { useFormRules } from "../form-rules.ts";
import { pageMeta } from "../meta.ts";
import type { Route } from "./+types/connection-edit";

export { action, loader } from "./connection-edit.server.ts";

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(matches, { title: "Edit connection", path: `/connections/${params.connectionId}/edit` });

/** SPEC.md §5: titles are read-only; the book's author, context, tags and screenshot can change. */
export default function EditConnection({ loaderData, actionData }: Route.ComponentProps) {
  const { connection } = loaderData;
  const submitting = useNavigation().state === "submitting";
  const textOnly = !connection.movieRef || !connection.bookRef;
  const rules = useFormRules(textOnly ? EDIT_CONNECTION_FORMS.textOnly : EDIT_CONNECTION_FORMS.full, actionData);
  const values = actionData?.values;
  return (
    <section className="form-page" aria-labelledby="edit-title">
      <h1 id="edit-title">Edit connection</h1>
      <p className="muted">{connectionTitle(connection)}</p>
      <Form method="post" encType="multipart/form-data" className="form connection-form" {...rules.form}>
        <FormError id="edit-error" message={rules.formError} />
        {connection.movieRef ? (
          <FormField label="Movie title" value={connection.movieRef.title} readOnly aria-readonly="true" />
        ) : null}
        {connection.bookRef ? (
          <>
            <FormField label="Book title" value={connection.bookRef.title} readOnly aria-readonly="true" />
            <FormField
              label="Book author"
              defaultValue={values?.bookAuthor ?? connection.bookRef.author}
              {...rules.field("bookAuthor")}
            />
          </>
        ) : null}
        <FormField
          label="Context"
          multiline
          rows={6}
          defaultValue={values?.context ?? connection.context}
          {...rules.field("context")}
        />
        <SpoilerCheckbox
          name="contextSpoiler"
          label={SPOILER_TEXT.contextField}
          defaultChecked={values ? isTicked(values.contextSpoiler) : connection.contextSpoiler}
        />
        {textOnly ? null : <KindField defaultValue={values?.kind ?? connection.kind} {...rules.field("kind")} />}
        <FormField
          label="Tags"
          defaultValue={values?.tags ?? connection.tags.join(", ")}
          hint="Separate tags with commas."
          {...rules.field("tags")}
        />
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
        <FormField
          label={connection.screenshotUrl ? "Replace screenshot" : "Screenshot"}
          type="file"
          {...rules.field("screenshot")}
        />
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
