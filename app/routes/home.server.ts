import { requestContext } from "../../worker/context.ts";
import { listFeed, pageNumber } from "../../worker/connections.ts";
import { readFeedFilters } from "../../worker/feed-filters.ts";
import { getLandingData } from "../../worker/landing.ts";
import type { Route } from "./+types/home";

/**
 * Visitors get the landing page; members get the feed with its filters and pages (all in the URL). Popular
 * tags come with the sidebar (root loader).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(requestContext);
  if (!services.viewer) return { kind: "landing" as const, ...(await getLandingData(services)) };
  const params = new URL(request.url).searchParams;
  const filters = readFeedFilters(params);
  const feed = await listFeed(services, filters, pageNumber(params.get("page")));
  return { kind: "feed" as const, feed, filters };
}
