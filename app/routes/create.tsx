import { Form, useNavigation } from "react-router";
import { FormError } from "../components/form-error.tsx";
import { pageMeta } from "../meta.ts";
import type { Route } from "./+types/create";

export { action } from "./create.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Add a connection",
    description: "Connect a movie and a book, or start a discussion.",
    path: "/create",
  });

const IMAGE_ACCEPT = "image/png,image/jpeg,image/gif";

/**
 * "+ Add New" (SPEC.md §5): both titles, or some context. A multipart form posted to the route's action, so it
 * works without JavaScript; on an error the page comes back with the message and every text field kept
 * (browsers never keep chosen files, so the form says so).
 */
export default function Create({ actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  const values = actionData?.values ?? {};
  const field = (name: string) => ({ id: `create-${name}`, name, defaultValue: values[name] ?? "" });
  return (
    <section className="form-page" aria-labelledby="create-title">
      <h1 id="create-title">Add a connection</h1>
      <p className="muted">
        Link a movie and a book with a few words on why they belong together, or write a text-only post.
      </p>
      <Form method="post" encType="multipart/form-data" className="form connection-form">
        <FormError id="create-error" message={actionData?.error} />
        {actionData?.error ? <p className="muted">If you had chosen images, please choose them again.</p> : null}
        <fieldset>
          <legend>Movie</legend>
          <div className="field">
            <label htmlFor="create-movieTitle">Movie title</label>
            <input
              {...field("movieTitle")}
              maxLength={200}
              aria-describedby={actionData?.error ? "create-error" : undefined}
            />
          </div>
          <div className="field-row">
            <div className="field">
              <label htmlFor="create-movieYear">Year</label>
              <input {...field("movieYear")} inputMode="numeric" maxLength={4} />
            </div>
            <div className="field">
              <label htmlFor="create-movieDirector">Director</label>
              <input {...field("movieDirector")} maxLength={200} />
            </div>
          </div>
          <div className="field">
            <label htmlFor="create-movieGenres">Genres</label>
            <input {...field("movieGenres")} placeholder="Drama, Science Fiction" aria-describedby="comma-hint" />
          </div>
          <div className="field">
            <label htmlFor="create-movieActors">Actors</label>
            <input {...field("movieActors")} placeholder="Amy Adams, Jeremy Renner" aria-describedby="comma-hint" />
          </div>
          <div className="field">
            <label htmlFor="create-movieSynopsis">Synopsis</label>
            <textarea {...field("movieSynopsis")} rows={2} maxLength={2000} />
          </div>
          <div className="field">
            <label htmlFor="create-moviePoster">Movie poster</label>
            <input id="create-moviePoster" name="moviePoster" type="file" accept={IMAGE_ACCEPT} />
          </div>
        </fieldset>
        <fieldset>
          <legend>Book</legend>
          <div className="field">
            <label htmlFor="create-bookTitle">Book title</label>
            <input {...field("bookTitle")} maxLength={200} />
          </div>
          <div className="field-row">
            <div className="field">
              <label htmlFor="create-bookAuthor">Author</label>
              <input {...field("bookAuthor")} maxLength={200} />
            </div>
            <div className="field">
              <label htmlFor="create-bookPublicationYear">Publication year</label>
              <input {...field("bookPublicationYear")} inputMode="numeric" maxLength={4} />
            </div>
          </div>
          <div className="field-row">
            <div className="field">
              <label htmlFor="create-bookGenres">Genres</label>
              <input {...field("bookGenres")} placeholder="Novella, Science Fiction" aria-describedby="comma-hint" />
            </div>
            <div className="field">
              <label htmlFor="create-bookIsbn">ISBN</label>
              <input {...field("bookIsbn")} maxLength={20} />
            </div>
          </div>
          <div className="field">
            <label htmlFor="create-bookSynopsis">Synopsis</label>
            <textarea {...field("bookSynopsis")} rows={2} maxLength={2000} />
          </div>
          <div className="field">
            <label htmlFor="create-bookCover">Book cover</label>
            <input id="create-bookCover" name="bookCover" type="file" accept={IMAGE_ACCEPT} />
          </div>
        </fieldset>
        <fieldset>
          <legend>The connection</legend>
          <div className="field">
            <label htmlFor="create-context">Context</label>
            <textarea {...field("context")} rows={5} maxLength={5000} placeholder="Why do these two belong together?" />
          </div>
          <div className="field">
            <label htmlFor="create-tags">Tags</label>
            <input {...field("tags")} placeholder="adaptation, dystopia" aria-describedby="comma-hint" />
          </div>
          <div className="field">
            <label htmlFor="create-screenshot">Screenshot</label>
            <input id="create-screenshot" name="screenshot" type="file" accept={IMAGE_ACCEPT} />
          </div>
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
