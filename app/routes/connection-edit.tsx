import { lazy, Suspense } from "react";
import { Form, useNavigation } from "react-router";
import { KEPT_IMAGE_FIELDS } from "../../worker/core/rules/connections.ts";
import { EDIT_CONNECTION_FORMS } from "../../worker/core/rules/edit-connection-forms.ts";
import { connectionTitle } from "../../worker/core/rules/names.ts";
import { isTicked, SPOILER_TEXT } from "../../worker/core/rules/spoilers.ts";
import { FormError } from "../components/form-error.tsx";
import { FormField } from "../components/form-field.tsx";
import { ImageField } from "../components/image-field.tsx";
import { KindField } from "../components/kind-field.tsx";
import { Link } from "../components/link.tsx";
import { ResponsiveImage } from "../components/responsive-image.tsx";
import { RouteNotice } from "../components/route-notice.tsx";
import { SpoilerCheckbox } from "../components/spoiler.tsx";
import { useFormRules } from "../form-rules.ts";
import { useHydrated } from "../hydrated.ts";
import { pageMeta } from "../meta.ts";
import previewStyles from "../styles/card-preview.css?url";
import type { Route } from "./+types/connection-edit";

export { action, loader } from "./connection-edit.server.ts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: previewStyles }];

/** The live preview is the real card, which the edit page does not otherwise need: it loads after hydration. */
const CardPreview = lazy(() => import("../components/connection/card-preview.tsx"));

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(matches, { title: "Edit connection", path: `/connections/${params.connectionId}/edit` });

/**
 * SPEC.md §5: titles are read-only; the book's author, context, tags and screenshot can change. A text-only post
 * is its context, which is marked required; nothing else is. After a failed save the page comes back with
 * everything as it was sent, the new screenshot kept by the server (decision 030). With JavaScript the card is
 * previewed as the edit will leave it.
 */
export default function EditConnection({ loaderData, actionData }: Route.ComponentProps) {
  const { connection } = loaderData;
  const submitting = useNavigation().state === "submitting";
  const textOnly = !connection.movieRef || !connection.bookRef;
  const rules = useFormRules(textOnly ? EDIT_CONNECTION_FORMS.textOnly : EDIT_CONNECTION_FORMS.full, actionData);
  const values = actionData?.values;
  // With JavaScript the page is not reloaded, so a chosen file the server could not keep is still in its field.
  const hydrated = useHydrated();
  return (
    <section className="form-page form-page--preview" aria-labelledby="edit-title">
      <h1 id="edit-title">Edit connection</h1>
      <p className="muted">{connectionTitle(connection)}</p>
      <div className="form-layout">
        <Form
          method="post"
          encType="multipart/form-data"
          className="form connection-form"
          aria-busy={submitting || undefined}
          {...rules.form}
        >
          <FormError id="edit-error" message={rules.formError} />
          {actionData?.imagesLost && !hydrated ? (
            <p className="muted">The screenshot you chose could not be kept: please choose it again.</p>
          ) : null}
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
            need={textOnly ? "Required" : undefined}
            {...rules.field("context")}
          />
          <SpoilerCheckbox
            name="contextSpoiler"
            label={SPOILER_TEXT.field}
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
              <ResponsiveImage
                className="edit-screenshot"
                url={connection.screenshotUrl}
                alt="Current screenshot"
                width={320}
                height={180}
                eager
              />
              <label className="checkbox">
                <input
                  type="checkbox"
                  name="removeScreenshot"
                  value="true"
                  defaultChecked={values?.removeScreenshot === "true"}
                />{" "}
                Remove screenshot
              </label>
            </div>
          ) : null}
          <ImageField
            label={connection.screenshotUrl ? "Replace screenshot" : "Screenshot"}
            keptName={KEPT_IMAGE_FIELDS.screenshot}
            kept={actionData?.kept.screenshot}
            onChoose={() => rules.checkField("screenshot")}
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
        {hydrated ? (
          <Suspense fallback={null}>
            <CardPreview form={rules.form.ref} editing={connection} />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteNotice error={error} title="Cannot edit" fallback="Failed to fetch connection details for editing." />;
}
