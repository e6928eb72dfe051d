import { Fragment } from "react";
import { personPath } from "../../worker/core/rules/people.ts";
import { Link } from "./link.tsx";

export interface Credit {
  name: string;
  slug: string;
}

/** A director's, actor's or author's name, linking to their page (a name with no letters has none). */
export function PersonLink({ name, slug }: Credit) {
  return slug ? (
    <Link to={personPath(slug)} className="person-link">
      {name}
    </Link>
  ) : (
    name
  );
}

/** Names in a sentence, each linked: "Saoirse Ronan, Timothée Chalamet". */
export function PersonLinks({ people }: { people: Credit[] }) {
  return (
    <>
      {people.map((person, index) => (
        <Fragment key={person.slug || person.name}>
          {index > 0 ? ", " : null}
          <PersonLink {...person} />
        </Fragment>
      ))}
    </>
  );
}

/** A movie's actors beside their slugs, as credits. */
export function castOf(movie: { actors: string[]; actorSlugs: string[] }): Credit[] {
  return movie.actors.map((name, index) => ({ name, slug: movie.actorSlugs[index] ?? "" }));
}
