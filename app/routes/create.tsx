import { lazy, Suspense, useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { IDEMPOTENCY_FIELD, KEPT_IMAGE_FIELDS } from "../../worker/core/rules/connections.ts";
import { CREATE_CONNECTION_FORM } from "../../worker/core/rules/create-connection-form.ts";
import { isTicked, SPOILER_TEXT } from "../../worker/core/rules/spoilers.ts";
import { WHICH_WORK_FIELDS } from "../../worker/core/rules/which-work.ts";
import { FormError } from "../components/form-error.tsx";
import { FormField } from "../components/form-field.tsx";
import { ImageField } from "../components/image-field.tsx";
import { KindField } from "../components/kind-field.tsx";
import { SpoilerCheckbox } from "../components/spoiler.tsx";
import { TitleLookup } from "../components/title-lookup.tsx";
import { WhichWork } from "../components/which-work.tsx";
import { useFormRules } from "../form-rules.ts";
import { useHydrated } from "../hydrated.ts";
import { pageMeta } from "../meta.ts";
import previewStyles from "../styles/card-preview.css?url";
import lookupStyles from "../styles/lookup.css?url";
import type { Route } from "./+types/create";

export { action, loader } from "./create.server.ts";

/** The live preview is the real card, which the create page does not otherwise need: it loads after hydration. */
const CardPreview = lazy(() => import("../components/connection/card-preview.tsx"));

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: lookupStyles },
  { rel: "stylesheet", href: previewStyles },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Add a connection",
    description: "Connect a movie and a book, or start a discussion.",
    path: "/create",
  });

/**
 * "+ Add New" (SPEC.md §5): both titles, or some context. A multipart form posted to the route's action, so it
 * works without JavaScript; on an error the page comes back with the message at its field, every text field
 * kept, and the chosen images kept by the server (decision 030), shown with a "Keep" box. When a title matches
 * several works, it comes back with the question which one (decision 019), answered with the next post. The
 * title suggestions (TitleLookup) fill in hidden fields with the external ids, under the names the API takes. No
 * field is needed on its own: the rule is said in words, and the three fields it concerns each say what they
 * are needed for. With JavaScript a chosen image is checked at once, the card is previewed as it will look, and
 * the button says the post is on its way; a hidden idempotency key makes a post sent twice one post.
 */
export default function Create({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  const failure = actionData && "error" in actionData ? actionData : undefined;
  const question = actionData && "question" in actionData ? actionData : undefined;
  const rules = useFormRules(CREATE_CONNECTION_FORM, failure);
  const hydrated = useHydrated();
  const kept = actionData?.kept ?? {};
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
  const forConnection = { "aria-describedby": "needed-hint", need: "Needed for a connection" };
  const image = (name: keyof typeof KEPT_IMAGE_FIELDS, label: string) => ({
    label,
    keptName: KEPT_IMAGE_FIELDS[name],
    kept: kept[name],
    onChoose: () => rules.checkField(name),
    ...rules.field(name),
  });
  return (
    <section className="form-page form-page--preview" aria-labelledby="create-title">
      <h1 id="create-title">Add a connection</h1>
      <p className="muted">
        Link a movie and a book with a few words on why they belong together, or write a text-only post.
      </p>
      <div className="form-layout">
        <Form
          method="post"
          encType="multipart/form-data"
          className="form connection-form"
          aria-busy={submitting || undefined}
          {...rules.form}
        >
          <input
            type="hidden"
            name={IDEMPOTENCY_FIELD}
            value={values[IDEMPOTENCY_FIELD] ?? loaderData.idempotencyKey}
          />
          <FormError id="create-error" message={rules.formError} />
          {actionData?.imagesLost && !hydrated ? (
            <p className="muted">Some images you chose could not be kept: please choose them again.</p>
          ) : null}
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
            </section>
          ) : null}
          <p id="needed-hint" className="form-note">
            <strong>Needed:</strong> a movie title and a book title, or some context for a text-only post. Everything
            else is optional.
          </p>
          <p className="muted">
            Movies and books are shared: what you enter about them is public, even if your profile is private.
          </p>
          <fieldset>
            <legend>Movie</legend>
            <TitleLookup type="movie" values={values} {...field("movieTitle", "Movie title")} {...forConnection} />
            <div className="field-row">
              <FormField {...field("movieYear", "Year")} />
              <FormField {...field("movieDirector", "Director")} />
            </div>
            <FormField {...field("movieGenres", "Genres")} placeholder="Drama, Science Fiction" {...list} />
            <FormField {...field("movieActors", "Actors")} placeholder="Amy Adams, Jeremy Renner" {...list} />
            <FormField {...field("movieSynopsis", "Synopsis")} multiline rows={2} />
            <ImageField {...image("moviePoster", "Movie poster")} />
          </fieldset>
          <fieldset>
            <legend>Book</legend>
            <TitleLookup type="book" values={values} {...field("bookTitle", "Book title")} {...forConnection} />
            <div className="field-row">
              <FormField {...field("bookAuthor", "Author")} />
              <FormField {...field("bookPublicationYear", "Publication year")} />
            </div>
            <div className="field-row">
              <FormField {...field("bookGenres", "Genres")} placeholder="Novella, Science Fiction" {...list} />
              <FormField {...field("bookIsbn", "ISBN")} />
            </div>
            <FormField {...field("bookSynopsis", "Synopsis")} multiline rows={2} />
            <ImageField {...image("bookCover", "Book cover")} />
          </fieldset>
          <fieldset>
            <legend>The connection</legend>
            <FormField
              {...field("context", "Context")}
              aria-describedby="needed-hint"
              need="Needed for a text-only post"
              multiline
              rows={5}
              placeholder="Why do these two belong together?"
            />
            <SpoilerCheckbox
              name="contextSpoiler"
              label={SPOILER_TEXT.field}
              defaultChecked={isTicked(values.contextSpoiler)}
            />
            <KindField defaultValue={values.kind} {...rules.field("kind")} />
            <FormField {...field("tags", "Tags")} placeholder="adaptation, dystopia" {...list} />
            <ImageField {...image("screenshot", "Screenshot")} />
          </fieldset>
          <p id="comma-hint" className="field__hint">
            Separate genres, actors and tags with commas. Images: PNG, JPEG or GIF, up to 5 MB each.
          </p>
          <button type="submit" className="button" disabled={submitting}>
            {submitting ? "Posting…" : "Post connection"}
          </button>
        </Form>
        {hydrated ? (
          <Suspense fallback={null}>
            <CardPreview form={rules.form.ref} />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
