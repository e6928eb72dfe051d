import type { ReactNode } from "react";
import type { ConnectionView } from "../../worker/core/connections/index.ts";
import type { PairVerdict } from "../../worker/core/verdicts/index.ts";
import { TallyBar } from "./connection/verdict-tally.tsx";
import { FeaturedConnections } from "./featured-connections.tsx";
import { Link } from "./link.tsx";
import { type Credit, PersonLink } from "./person-links.tsx";
import { ResponsiveImage } from "./responsive-image.tsx";

/**
 * A movie's or a book's page (SPEC.md §2): its poster or cover (the placeholder when it has none or it does not
 * load), title and year, who made it, genres, synopsis and facts, then the connections featuring it.
 */
export function CatalogPage({
  kind,
  title,
  year,
  image,
  byline,
  genres,
  synopsis,
  facts,
  connections,
  verdicts,
}: {
  kind: "movie" | "book";
  title: string;
  year: number | null;
  image: { src: string; placeholder: string; alt: string };
  /** "Directed by" or "by", and the director or author, linking to their page (nothing is shown without one). */
  byline: { lead: string } & Credit;
  genres: string[];
  synopsis: string;
  facts: Array<{ label: string; value: ReactNode }>;
  connections: ConnectionView[];
  /** "Book or film?" tallies of the adaptation pairs this work is in. */
  verdicts: PairVerdict[];
}) {
  return (
    <article className="catalog" aria-labelledby="catalog-title">
      <header className="catalog__hero">
        <ResponsiveImage
          className="catalog__cover"
          url={image.src}
          fallback={image.placeholder}
          alt={image.alt}
          width={240}
          height={360}
          priority
        />
        <div className="catalog__summary">
          <p className="catalog__kind">{kind === "movie" ? "Movie" : "Book"}</p>
          <h1 id="catalog-title" className="catalog__title">
            {title}
            {year ? <span className="catalog__year">{` (${year})`}</span> : null}
          </h1>
          {byline.name ? (
            <p className="catalog__byline">
              {`${byline.lead} `}
              <strong>
                <PersonLink name={byline.name} slug={byline.slug} />
              </strong>
            </p>
          ) : null}
          {genres.length ? (
            <ul className="catalog__genres" aria-label="Genres">
              {genres.map((genre) => (
                <li key={genre}>{genre}</li>
              ))}
            </ul>
          ) : null}
          {synopsis ? (
            <p className="catalog__synopsis">{synopsis}</p>
          ) : (
            <p className="catalog__synopsis muted">No synopsis yet.</p>
          )}
          {facts.length ? (
            <dl className="catalog__facts">
              {facts.map((fact) => (
                <div key={fact.label}>
                  <dt>{fact.label}</dt>
                  <dd>{fact.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </div>
      </header>

      {verdicts.length ? (
        <section className="catalog__verdicts" aria-labelledby="verdicts-title">
          <h2 id="verdicts-title">Book or film?</h2>
          <ul className="verdict-list">
            {verdicts.map((verdict) => (
              <li key={verdict.pairWith._id}>
                <Link to={`/${kind === "movie" ? "books" : "movies"}/${verdict.pairWith._id}`}>
                  {kind === "movie" ? "The book" : "The film"}: {verdict.pairWith.title}
                </Link>
                <TallyBar counts={verdict} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <FeaturedConnections connections={connections} noun={kind} />
    </article>
  );
}
