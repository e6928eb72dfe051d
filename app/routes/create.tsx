import { Form, useNavigation } from "react-router";
import { CREATE_CONNECTION_FORM } from "../../worker/core/rules/create-connection-form.ts";
import { FormError } from "../components/form-error.tsx";
import { FormField } from "../components/form-field.tsx";
import { KindField } from "../components/kind-field.tsx";
import { TitleLookup } from "../components/title-lookup.tsx";
import { useFormRules } from "../form-rules.ts";
import { pageMeta } from "../meta.ts";
import lookupStyles from "../styles/lookup.css?url";
import type { Route } from "./+types/create";

export { action } from "./create.server.ts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: lookupStyles }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Add a connection",
    description: "Connect a movie and a book, or start a discussion.",
    path: "/create",
  });

/**
 * "+ Add New" (SPEC.md §5): both titles, or some context. A multipart form posted to the route's action, so it
 * works without JavaScript; on an error the page comes back with the message at its field and every text field
 * kept (browsers never keep chosen files, so the form says so). With JavaScript the titles suggest works
 * (TitleLookup); no field is needed on its own, so the one rule is said in words and the fields it concerns point
 * to it.
 */
export default function Create({ actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  const rules = useFormRules(CREATE_CONNECTION_FORM, actionData);
  const values: Record<string, string> = actionData?.values ?? {};
  const field = (name: Parameters<typeof rules.field>[0], label: string) => ({
    label,
    defaultValue: values[name] ?? "",
    ...rules.field(name),
  });
  const list = { "aria-describedby": "comma-hint" };
  const needed = { "aria-describedby": "needed-hint" };
  return (
    <section className="form-page" aria-labelledby="create-title">
      <h1 id="create-title">Add a connection</h1>
      <p className="muted">
        Link a movie and a book with a few words on why they belong together, or write a text-only post.
      </p>
      <Form method="post" encType="multipart/form-data" className="form connection-form" {...rules.form}>
        <FormError id="create-error" message={rules.formError} />
        {actionData?.error ? <p className="muted">If you had chosen images, please choose them again.</p> : null}
        <p id="needed-hint" className="form-note">
          <strong>Needed:</strong> a movie title and a book title, or some context for a text-only post. Everything else
          is optional.
        </p>
        <fieldset>
          <legend>Movie</legend>
          <TitleLookup type="movie" values={values} {...field("movieTitle", "Movie title")} {...needed} />
          <div className="field-row">
            <FormField {...field("movieYear", "Year")} />
            <FormField {...field("movieDirector", "Director")} />
          </div>
          <FormField {...field("movieGenres", "Genres")} placeholder="Drama, Science Fiction" {...list} />
          <FormField {...field("movieActors", "Actors")} placeholder="Amy Adams, Jeremy Renner" {...list} />
          <FormField {...field("movieSynopsis", "Synopsis")} multiline rows={2} />
          <FormField label="Movie poster" type="file" {...rules.field("moviePoster")} />
        </fieldset>
        <fieldset>
          <legend>Book</legend>
          <TitleLookup type="book" values={values} {...field("bookTitle", "Book title")} {...needed} />
          <div className="field-row">
            <FormField {...field("bookAuthor", "Author")} />
            <FormField {...field("bookPublicationYear", "Publication year")} />
          </div>
          <div className="field-row">
            <FormField {...field("bookGenres", "Genres")} placeholder="Novella, Science Fiction" {...list} />
            <FormField {...field("bookIsbn", "ISBN")} />
          </div>
          <FormField {...field("bookSynopsis", "Synopsis")} multiline rows={2} />
          <FormField label="Book cover" type="file" {...rules.field("bookCover")} />
        </fieldset>
        <fieldset>
          <legend>The connection</legend>
          <FormField
            {...field("context", "Context")}
            {...needed}
            multiline
            rows={5}
            placeholder="Why do these two belong together?"
          />
          <KindField defaultValue={values.kind} {...rules.field("kind")} />
          <FormField {...field("tags", "Tags")} placeholder="adaptation, dystopia" {...list} />
          <FormField label="Screenshot" type="file" {...rules.field("screenshot")} />
        </fieldset>
        <p id="comma-hint" className="field__hint">
          Separate genres, actors and tags with commas. Images: PNG, JPEG or GIF, up to 5 MB each.
        </p>
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? "Posting…" : "Post connection"}
        </button>
      </Form>
    </section>
  );
}
