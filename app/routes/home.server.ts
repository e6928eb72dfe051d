import { requestContext } from "../../worker/context.ts";
import { listFeed, pageNumber, popularTags, readFeedFilters } from "../../worker/connections.ts";
import { getLandingData } from "../../worker/landing.ts";
import type { Route } from "./+types/home";

/** Visitors get the landing page; members get the feed with its filters, tags and pages (all in the URL). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(requestContext);
  if (!services.viewer) return { kind: "landing" as const, ...(await getLandingData(services)) };
  const params = new URL(request.url).searchParams;
  const filters = readFeedFilters(params);
  const [feed, tags] = await Promise.all([
    listFeed(services, filters, pageNumber(params.get("page"))),
    popularTags(services),
  ]);
  return { kind: "feed" as const, feed, filters, tags };
}
