import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { CREATE_CONNECTION_FORM } from "../../worker/core/rules/create-connection-form.ts";
import { isTicked, SPOILER_TEXT } from "../../worker/core/rules/spoilers.ts";
import { WHICH_WORK_FIELDS } from "../../worker/core/rules/which-work.ts";
import { FormError } from "../components/form-error.tsx";
import { FormField } from "../components/form-field.tsx";
import { KindField } from "../components/kind-field.tsx";
import { SpoilerCheckbox } from "../components/spoiler.tsx";
import { TitleLookup } from "../components/title-lookup.tsx";
import { WhichWork } from "../components/which-work.tsx";
import { useFormRules } from "../form-rules.ts";
import { useHydrated } from "../hydrated.ts";
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
 * kept (browsers never keep chosen files, so the form says so). When a title matches several works, it comes
 * back with the question which one (decision 019), answered with the next post. The title suggestions
 * (TitleLookup) fill in hidden fields with the external ids, under the names the API takes. No field is needed on
 * its own, so the one rule is said in words and the fields it concerns point to it.
 */
export default function Create({ actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  const failure = actionData && "error" in actionData ? actionData : undefined;
  const question = actionData && "question" in actionData ? actionData : undefined;
  const rules = useFormRules(CREATE_CONNECTION_FORM, failure);
  // With JavaScript the page is not reloaded, so chosen files stay in their fields.
  const filesLost = !useHydrated();
  // With JavaScript the page stays where the member pressed "Post": the question takes the focus, and the view.
  const questionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (question) questionRef.current?.focus();
  }, [question]);
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
        {failure ? <p className="muted">If you had chosen images, please choose them again.</p> : null}
        {question ? (
          <section ref={questionRef} tabIndex={-1} className="which-works" aria-label="Which works you mean">
            {question.question.movie ? (
              <WhichWork
                kind="movie"
                title={question.question.movie.title}
                name={WHICH_WORK_FIELDS.movie}
                defaultValue={values[WHICH_WORK_FIELDS.movie]}
                options={question.question.movie.candidates.map((movie) => ({
                  ...movie,
                  maker: movie.director,
                  imageUrl: movie.posterUrl,
                }))}
              />
            ) : null}
            {question.question.book ? (
              <WhichWork
                kind="book"
                title={question.question.book.title}
                name={WHICH_WORK_FIELDS.book}
                defaultValue={values[WHICH_WORK_FIELDS.book]}
                options={question.question.book.candidates.map((book) => ({
                  ...book,
                  year: book.publicationYear,
                  maker: book.author,
                  imageUrl: book.coverUrl,
                }))}
              />
            ) : null}
            {(["movie", "book"] as const).map((kind) => {
              // A work already settled by its answer while the other is still asked: the answer is posted again.
              const name = WHICH_WORK_FIELDS[kind];
              return !question.question[kind] && values[name] ? (
                <input key={kind} type="hidden" name={name} value={values[name]} />
              ) : null;
            })}
            {question.imagesChosen && filesLost ? (
              <p className="muted">
                The images you chose could not come back with this page: please choose them again.
              </p>
            ) : null}
          </section>
        ) : null}
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
          <SpoilerCheckbox
            name="contextSpoiler"
            label={SPOILER_TEXT.contextField}
            defaultChecked={isTicked(values.contextSpoiler)}
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
