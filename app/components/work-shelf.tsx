import type { Credit, CreditCount } from "../../worker/core/catalog/index.ts";
import { plural } from "../plural.ts";
import { PLACEHOLDER_COVER, PLACEHOLDER_POSTER } from "../site.ts";
import { Link } from "./link.tsx";
import { ResponsiveImage } from "./responsive-image.tsx";

export type WorkKind = "film" | "book";

/** "Director, actor" from "director, actor"; "Director" for the hero's roles. */
export const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "1,546 films", "1 book", "1,000+ films" past the count's limit. */
export function creditCountInWords({ count, capped }: CreditCount, kind: WorkKind): string {
  return `${count.toLocaleString("en")}${capped ? "+" : ""} ${plural(capped ? 2 : count, kind)}`;
}

/** A person's films or books as a shelf of posters or covers, each linking to its page. */
export function WorkShelf({ kind, works }: { kind: WorkKind; works: readonly Credit[] }) {
  const placeholder = kind === "film" ? PLACEHOLDER_POSTER : PLACEHOLDER_COVER;
  return (
    <ul className="shelf">
      {works.map((work) => (
        <li key={work._id}>
          <Link to={`/${kind === "film" ? "movies" : "books"}/${work._id}`} className="shelf__item">
            <ResponsiveImage url={work.image} fallback={placeholder} width={120} height={180} sizes="10rem" />
            <span className="shelf__title">{work.title}</span>
            <span className="shelf__meta">
              {[work.year, capitalized(work.roles.join(", "))].filter(Boolean).join(" · ")}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
