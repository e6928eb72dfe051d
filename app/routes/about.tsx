import { ContactLine } from "../components/contact-line.tsx";
import { Link } from "../components/link.tsx";
import { pageMeta } from "../meta.ts";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "About",
    description: "What MovieBooks is: a community that links movies and books, and the people who love both.",
    path: "/about",
  });

export default function About() {
  return (
    <article className="prose">
      <h1>About MovieBooks</h1>
      <p className="lede">
        MovieBooks is a community for people who read the book and then watch the film, or the other way round.
      </p>
      <p>
        Members post <strong>connections</strong>: a movie and a book that belong together. Sometimes one is an
        adaptation of the other. Sometimes they share a theme, a mood or a question. And sometimes a character on screen
        is simply reading the book, and that says something about them.
      </p>
      <h2>What you can do here</h2>
      <ul>
        <li>Browse connections, and every connection for a given movie or book.</li>
        <li>Search across titles, directors, authors, actors, genres, tags and the context members write.</li>
        <li>
          <Link to="/signup">Join</Link> to post your own connections, like and save others, join the discussion, and
          follow members whose taste you trust.
        </li>
        <li>Keep your profile private if you like: then only your followers see what you post.</li>
      </ul>
      <h2>A beta, built in the open</h2>
      <p>
        MovieBooks is in beta. Things will change, and your feedback decides what comes next. See the{" "}
        <Link to="/updates">updates</Link> for what changed recently.
      </p>
      <ContactLine />
    </article>
  );
}
