import { ContactLine } from "../components/contact-line.tsx";
import { pageMeta } from "../meta.ts";
import { updates } from "../updates.ts";
import type { Route } from "./+types/updates";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Updates",
    description: "What's new on MovieBooks: the latest features and fixes.",
    path: "/updates",
  });

export default function Updates() {
  return (
    <article className="prose">
      <h1>Updates</h1>
      {updates.map((batch) => (
        <section key={batch.id} className="update" aria-labelledby={`update-${batch.id}`}>
          <h2 id={`update-${batch.id}`}>{batch.title}</h2>
          <p className="muted">
            <time dateTime={batch.date}>
              {new Date(`${batch.date}T00:00:00Z`).toLocaleDateString("en-US", {
                year: "numeric",
                month: "long",
                day: "numeric",
                timeZone: "UTC",
              })}
            </time>
          </p>
          <ul>
            {batch.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      ))}
      <ContactLine />
    </article>
  );
}
