import { requestContext } from "../../worker/context.ts";
import { verdictRankings } from "../../worker/core/verdicts/index.ts";
import type { Route } from "./+types/verdicts";

/** /verdicts: the most debated adaptations and the clearest wins, from the kept tallies in one round trip. */
export async function loader({ context }: Route.LoaderArgs) {
  return verdictRankings(context.get(requestContext));
}
