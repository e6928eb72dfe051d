import type { ConnectionView } from "../../../worker/core/connections/index.ts";
import { Link } from "../link.tsx";
import { castOf, PersonLink, PersonLinks } from "../person-links.tsx";

/** Actors a card in a list names; the connection's own page and the movie's page name them all. */
const CAST_ON_CARDS = 3;

/**
 * Who made the card's movie and book, each name linking to the person's page: "Directed by …", "Starring …",
 * "Written by …". Nothing when the works name no one.
 */
export function CardCredits({
  movieRef,
  bookRef,
  fullCast = false,
}: Pick<ConnectionView, "movieRef" | "bookRef"> & { fullCast?: boolean }) {
  const cast = movieRef ? castOf(movieRef) : [];
  const shown = fullCast ? cast : cast.slice(0, CAST_ON_CARDS);
  if (!movieRef?.director && !cast.length && !bookRef?.author) return null;
  return (
    <dl className="card__credits">
      {movieRef?.director ? (
        <div>
          <dt>Directed by</dt>
          <dd>
            <PersonLink name={movieRef.director} slug={movieRef.directorSlug} />
          </dd>
        </div>
      ) : null}
      {shown.length ? (
        <div>
          <dt>Starring</dt>
          <dd>
            <PersonLinks people={shown} />
            {movieRef && cast.length > shown.length ? (
              <>
                {" "}
                <Link to={`/movies/${movieRef._id}`}>and {cast.length - shown.length} more</Link>
              </>
            ) : null}
          </dd>
        </div>
      ) : null}
      {bookRef?.author ? (
        <div>
          <dt>Written by</dt>
          <dd>
            <PersonLink name={bookRef.author} slug={bookRef.authorSlug} />
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
