import { Link } from "react-router";
import { requestContext } from "../../worker/context.ts";
import { getLandingData } from "../../worker/landing.ts";
import { pageMeta } from "../meta.ts";
import { SITE_DESCRIPTION, SITE_NAME, SITE_TAGLINE } from "../site.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: SITE_NAME, description: SITE_DESCRIPTION, path: "/" });

export async function loader({ context }: Route.LoaderArgs) {
  return getLandingData(context.get(requestContext));
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { stats, latest } = loaderData;
  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">{SITE_TAGLINE}</h1>
        <p className="lede">
          Find the book behind the film, the film that answers a novel, and the scenes where a character reaches
          for a book. Shared by readers and moviegoers like you.
        </p>
        <p className="hero__actions">
          <Link className="button" to="/signup">
            Join MovieBooks
          </Link>
          <Link className="button button--ghost" to="/search?q=adaptation">
            Explore adaptations
          </Link>
        </p>
        <p className="hero__stats">
          <span>
            <strong>{stats.connections}</strong> connections
          </span>
          <span>
            <strong>{stats.members}</strong> members
          </span>
        </p>
      </section>

      <section aria-labelledby="latest-title" className="latest">
        <h2 id="latest-title">Latest connections</h2>
        {latest.length === 0 ? (
          <p className="empty">No connections found yet. Be the first to add one!</p>
        ) : (
          <ul className="teaser-list">
            {latest.map((item) => (
              <li key={item.id} className="teaser">
                {item.posterUrl || item.coverUrl ? (
                  <div className="teaser__art" aria-hidden="true">
                    {item.posterUrl ? <img src={item.posterUrl} alt="" width={80} height={120} loading="lazy" /> : null}
                    {item.coverUrl ? <img src={item.coverUrl} alt="" width={80} height={120} loading="lazy" /> : null}
                  </div>
                ) : null}
                <Link to={`/connections/${item.id}`} className="teaser__title">
                  {item.movieTitle && item.bookTitle
                    ? `${item.movieTitle} & ${item.bookTitle}`
                    : "A text-only post"}
                </Link>
                <p className="teaser__context">{item.context}</p>
                <p className="teaser__meta">Added by {item.author}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
