import type { RankedPair } from "../../worker/core/verdicts/index.ts";
import { TallyBar } from "../components/connection/verdict-tally.tsx";
import { Link } from "../components/link.tsx";
import { pageMeta, titleWithYear } from "../meta.ts";
import type { Route } from "./+types/verdicts";

export { loader } from "./verdicts.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Book or film?",
    description: "The adaptations members argue about most on MovieBooks, and the clearest wins.",
    path: "/verdicts",
  });

/** Who is ahead in a pair's tally, in words. */
function leader({ book, film, tie, total }: RankedPair) {
  const top = Math.max(book, film, tie);
  if ([book, film, tie].filter((count) => count === top).length > 1) return "Split";
  const share = Math.round((top / total) * 100);
  return `${top === book ? "The book" : top === film ? "The film" : "A tie"}, ${share}%`;
}

function Ranking({ id, title, hint, pairs }: { id: string; title: string; hint: string; pairs: RankedPair[] }) {
  return (
    <section className="verdict-ranking" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="muted">{hint}</p>
      {pairs.length ? (
        <ol className="verdict-list">
          {pairs.map((pair) => (
            <li key={`${pair.movieId}-${pair.bookId}`}>
              <p className="verdict-list__pair">
                <Link to={`/movies/${pair.movieId}`}>{titleWithYear(pair.movieTitle, pair.movieYear)}</Link>
                {" vs. "}
                <Link to={`/books/${pair.bookId}`}>{pair.bookTitle}</Link>
                {pair.bookAuthor ? <span className="muted">{` by ${pair.bookAuthor}`}</span> : null}
                <strong className="verdict-list__leader">{leader(pair)}</strong>
              </p>
              <TallyBar counts={pair} />
            </li>
          ))}
        </ol>
      ) : (
        <p>No votes yet.</p>
      )}
    </section>
  );
}

/** "Book or film?" rankings (issue 14): most votes with the closest split, and the largest leads. */
export default function Verdicts({ loaderData }: Route.ComponentProps) {
  return (
    <section className="verdicts-page" aria-labelledby="verdicts-page-title">
      <h1 id="verdicts-page-title">Book or film?</h1>
      <p className="muted">Members vote on adaptations: was the book better, the film, or is it a tie?</p>
      <Ranking
        id="most-debated"
        title="Most debated"
        hint="Many votes and a close split between book and film."
        pairs={loaderData.debated}
      />
      <Ranking
        id="clearest-wins"
        title="Clearest wins"
        hint="The widest lead of the book or the film, among adaptations with at least three votes."
        pairs={loaderData.clearest}
      />
    </section>
  );
}
