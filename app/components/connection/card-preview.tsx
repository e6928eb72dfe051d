import { type RefObject, useEffect, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import type { ConnectionView } from "../../../worker/core/connections/index.ts";
import { KEPT_IMAGE_FIELDS } from "../../../worker/core/rules/connections.ts";
import { CONNECTION_KINDS, type ConnectionKind } from "../../../worker/core/rules/kinds.ts";
import { IMAGE_TYPES } from "../../../worker/core/rules/limits.ts";
import { normalizeTags, splitList } from "../../../worker/core/rules/lists.ts";
import { personSlug } from "../../../worker/core/rules/people.ts";
import { isTicked } from "../../../worker/core/rules/spoilers.ts";
import type { RootData } from "../../meta.ts";
import { keptImageUrl } from "../image-field.tsx";
import { ConnectionCard } from "./connection-card.tsx";

type ImageField = keyof typeof KEPT_IMAGE_FIELDS;

/**
 * The live preview of the create and edit forms: the real card (`ConnectionCard`), built from what the form holds
 * now (on the edit page, over the connection as it is), redrawn as the member types, picks a suggestion or
 * chooses an image. It is a picture of the post, not a second copy of the form: `inert` keeps its links and
 * buttons out of reach and out of the accessibility tree. Loaded after hydration, in its own chunk, so the
 * pages' first load carries none of it.
 */
export default function CardPreview({
  form,
  editing,
}: {
  form: RefObject<HTMLFormElement | null>;
  /** The connection the form edits; none for a new post. */
  editing?: ConnectionView;
}) {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const images = useRef(new ObjectUrls());
  const [values, setValues] = useState<FormData | null>(null);

  useEffect(() => {
    const element = form.current;
    if (!element) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setValues(new FormData(element)));
    };
    update();
    element.addEventListener("input", update);
    element.addEventListener("change", update);
    const urls = images.current;
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener("input", update);
      element.removeEventListener("change", update);
      urls.revokeAll();
    };
  }, [form]);

  const viewer = root?.viewer;
  if (!viewer || !values) return null;
  const image = (field: ImageField) =>
    images.current.urlOf(field, values.get(field), values.get(KEPT_IMAGE_FIELDS[field]));
  const connection = editing ? editedOf(editing, values, image) : previewOf(values, viewer, image);
  const started = connection.movieRef || connection.bookRef || connection.context;
  return (
    <section className="card-preview" aria-labelledby="card-preview-title">
      <h2 id="card-preview-title" className="card-preview__title">
        Preview
      </h2>
      {started ? (
        <div inert>
          <ConnectionCard connection={connection} headingLevel={3} />
        </div>
      ) : (
        <p className="muted">Your card appears here as you fill in the form.</p>
      )}
    </section>
  );
}

const text = (values: FormData, name: string) => {
  const value = values.get(name);
  return typeof value === "string" ? value.trim() : "";
};

const yearOf = (value: string) => (/^\d{4}$/.test(value) ? Number(value) : null);

/** The connection the form would post, shaped as the card reads one (ids and counts are placeholders). */
function previewOf(
  values: FormData,
  viewer: NonNullable<RootData["viewer"]>,
  image: (field: ImageField) => string,
): ConnectionView {
  const movieTitle = text(values, "movieTitle");
  const bookTitle = text(values, "bookTitle");
  const director = text(values, "movieDirector");
  const actors = splitList(text(values, "movieActors"));
  const author = text(values, "bookAuthor");
  const kind = text(values, "kind");
  const now = new Date().toISOString();
  return {
    _id: "preview",
    userRef: {
      _id: viewer.id,
      username: viewer.username,
      displayName: viewer.name,
      profilePictureUrl: viewer.pictureUrl ?? "",
      profileImageUrl: viewer.pictureUrl ?? "",
    },
    context: text(values, "context"),
    // A spoiler is previewed as readers will meet it: closed behind "Show spoiler" (decision 032).
    contextSpoiler: isTicked(values.get("contextSpoiler")),
    kind: kindOf(kind),
    tags: normalizeTags(text(values, "tags")),
    createdAt: now,
    updatedAt: now,
    likes: [],
    commentCount: 0,
    screenshotUrl: image("screenshot"),
    moviePosterUrl: image("moviePoster"),
    bookCoverUrl: image("bookCover"),
    movieRef: movieTitle
      ? {
          _id: "preview-movie",
          title: movieTitle,
          year: yearOf(text(values, "movieYear")),
          director,
          directorSlug: personSlug(director),
          genres: splitList(text(values, "movieGenres")),
          actors,
          actorSlugs: actors.map(personSlug),
          synopsis: text(values, "movieSynopsis"),
          posterPath: image("moviePoster"),
          externalIds: {},
        }
      : null,
    bookRef: bookTitle
      ? {
          _id: "preview-book",
          title: bookTitle,
          author,
          authorSlug: personSlug(author),
          publicationYear: yearOf(text(values, "bookPublicationYear")),
          genres: splitList(text(values, "bookGenres")),
          isbn: text(values, "bookIsbn"),
          synopsis: text(values, "bookSynopsis"),
          coverPath: image("bookCover"),
          externalIds: {},
        }
      : null,
    verdict: null,
  };
}

/**
 * The connection as the edit form would leave it: its context, kind, tags, book author and screenshot from the
 * form (a field the form lacks keeps its value), the rest as it is.
 */
function editedOf(connection: ConnectionView, values: FormData, image: (field: ImageField) => string): ConnectionView {
  const author = values.has("bookAuthor") ? text(values, "bookAuthor") : (connection.bookRef?.author ?? "");
  const kind = text(values, "kind");
  return {
    ...connection,
    context: text(values, "context"),
    contextSpoiler: isTicked(values.get("contextSpoiler")),
    kind: values.has("kind") ? kindOf(kind) : connection.kind,
    tags: values.has("tags") ? normalizeTags(text(values, "tags")) : connection.tags,
    screenshotUrl: image("screenshot") || (values.get("removeScreenshot") ? "" : connection.screenshotUrl),
    bookRef: connection.bookRef && { ...connection.bookRef, author, authorSlug: personSlug(author) },
  };
}

/** A kind as the server stores it: blank (or anything else) is `other`. */
const kindOf = (value: string): ConnectionKind =>
  CONNECTION_KINDS.includes(value as ConnectionKind) ? (value as ConnectionKind) : "other";

/**
 * Object URLs for the chosen files, one per field, made once per file and revoked when the file changes; a
 * field without a new file shows the image its form kept, while its "Keep" box stays ticked.
 */
class ObjectUrls {
  private readonly made = new Map<ImageField, { file: File; url: string }>();

  urlOf(field: ImageField, chosen: FormDataEntryValue | null, kept: FormDataEntryValue | null): string {
    // A file the form refuses (not PNG, JPEG or GIF) is not pictured; its field says why.
    const file =
      chosen instanceof File && chosen.size > 0 && (IMAGE_TYPES as readonly string[]).includes(chosen.type)
        ? chosen
        : null;
    const current = this.made.get(field);
    if (current && current.file !== file) {
      URL.revokeObjectURL(current.url);
      this.made.delete(field);
    }
    if (file) {
      const made = this.made.get(field) ?? { file, url: URL.createObjectURL(file) };
      this.made.set(field, made);
      return made.url;
    }
    return typeof kept === "string" && kept ? keptImageUrl(kept) : "";
  }

  revokeAll() {
    for (const { url } of this.made.values()) URL.revokeObjectURL(url);
    this.made.clear();
  }
}
