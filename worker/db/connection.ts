import { createClient } from "@libsql/client/web";
import { createDatabase, type Database } from "./client.ts";
import { RoundTrips } from "./round-trips.ts";

/** What gateways in front of a database (Turso's edge, a proxy) answer when the database behind them is gone. */
const GATEWAY_FAILURES = new Set([502, 503, 504]);

/** One request's database, and whether it could be reached. */
export interface DatabaseConnection {
  db: Database;
  /** The round trips `db` makes: what the request asks at once travels together (decision 040). */
  roundTrips: RoundTrips;
  /**
   * True once a call of this request found no database: no connection, or a gateway's 502/503/504. A query that
   * the database itself refused (a constraint, bad SQL) leaves it false: that is a bug or a user's conflict, not
   * an outage.
   */
  unreachable(): boolean;
  close(): void;
}

/**
 * Opens the request's libSQL client over HTTP (the only transport inside workerd). Its requests go through a fetch
 * that notes an outage, so each door can answer it as one (decision 029) instead of the error the client wraps it in;
 * its statements go through `RoundTrips`, so those a request sends in the same moment share one round trip.
 */
export function connectDatabase(config: { url: string; authToken?: string }): DatabaseConnection {
  let unreachable = false;
  const client = createClient({
    url: config.url,
    authToken: config.authToken,
    fetch: async (request: Request) => {
      try {
        const response = await fetch(request);
        if (GATEWAY_FAILURES.has(response.status)) unreachable = true;
        return response;
      } catch (error) {
        unreachable = true;
        throw error;
      }
    },
  });
  const roundTrips = new RoundTrips(client);
  return {
    db: createDatabase(roundTrips),
    roundTrips,
    unreachable: () => unreachable,
    close: () => client.close(),
  };
}
