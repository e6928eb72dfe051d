import type { ConnectionView } from "../../../worker/core/connections/index.ts";
import { HydrateInTurn } from "../hydrate-in-turn.tsx";
import { ConnectionCard } from "./connection-card.tsx";

/**
 * Connections as a list of cards, in the order given (the feed, search, profiles, movie and book pages). Each card
 * is hydrated in its own turn, after the rest of the page.
 */
export function CardList({
  connections,
  headingLevel,
  leadsPage = true,
}: {
  connections: ConnectionView[];
  headingLevel?: 2 | 3;
  /** Whether the list is what the page opens with, so its first card is in view at once (not below a cover). */
  leadsPage?: boolean;
}) {
  return (
    <ol className="card-list">
      {connections.map((connection, index) => (
        <li key={connection._id}>
          <HydrateInTurn>
            <ConnectionCard connection={connection} headingLevel={headingLevel} first={leadsPage && index === 0} />
          </HydrateInTurn>
        </li>
      ))}
    </ol>
  );
}
