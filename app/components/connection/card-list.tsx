import type { ConnectionView } from "../../../worker/core/connections/index.ts";
import { ConnectionCard } from "./connection-card.tsx";

/** Connections as a list of cards, in the order given (the feed, search, profiles, movie and book pages). */
export function CardList({ connections, headingLevel }: { connections: ConnectionView[]; headingLevel?: 2 | 3 }) {
  return (
    <ol className="card-list">
      {connections.map((connection) => (
        <li key={connection._id}>
          <ConnectionCard connection={connection} headingLevel={headingLevel} />
        </li>
      ))}
    </ol>
  );
}
