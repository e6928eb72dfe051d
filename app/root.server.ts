import { data } from "react-router";
import { type RequestServices, requestContext } from "../worker/context.ts";
import { popularTags } from "../worker/core/connections/index.ts";
import { unavailable } from "../worker/core/errors.ts";
import { imageUrl } from "../worker/core/images/index.ts";
import { memberName } from "../worker/core/rules/index.ts";
import type { Route } from "./+types/root";
import { readDismissedBatch } from "./components/whats-new-banner.tsx";
import { errorPage, knownFailure } from "./failures.server.ts";
import { takeFlash } from "./flash.server.ts";
import type { RootData } from "./meta.ts";
import { themeOf } from "./theme.server.ts";
import { latestUpdate } from "./updates.ts";

/**
 * Every page's shared data: the origin, the member (header and sidebar), the sidebar's Popular Tags (one
 * query, members only; it runs alongside the page's own loader), whether the What's New banner was dismissed for
 * the newest batch (the `dismissedUpdateBatchId` cookie), the theme the `theme` cookie pins and the flash message
 * a form action left (its cookie, cleared by this reply). Cookies only: no query beyond the sidebar's.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(requestContext);
  const { origin } = services;
  // The member's details come with the session check; both reads travel with the page's own loader's in one round
  // trip (decision 040).
  const [viewer, sidebarTags] = await Promise.all([
    services.confirmViewer(),
    services.viewer
      ? popularTags(services).then(
          (tags) => ({ tags, error: null }),
          (error: unknown) => ({ tags: [], error }),
        )
      : null,
  ]);
  // A session the check refuses (gone, or another role now) fails the read with its 401, a known failure: that run
  // is thrown away and the request runs again as what the check found (decision 040). Anything else is logged.
  if (sidebarTags?.error && !knownFailure(sidebarTags.error)) {
    console.error("Could not load the sidebar's popular tags", sidebarTags.error);
  }
  const { flash, headers } = takeFlash(request);
  const root: RootData = {
    origin,
    viewer: viewer && {
      id: viewer.id,
      username: viewer.username,
      name: memberName(viewer),
      pictureUrl: imageUrl(origin, viewer.pictureKey),
      unreadNotifications: viewer.unreadNotifications,
      favoriteIds: viewer.favoriteIds,
      isPrivate: viewer.isPrivate,
      pendingFollowRequests: viewer.pendingFollowRequests,
      isModerator: viewer.role === "moderator",
      openReportCases: viewer.openReportCases,
    },
    sidebarTags: viewer && sidebarTags ? { tags: sidebarTags.tags, error: sidebarTags.error !== null } : null,
    whatsNewDismissed: readDismissedBatch(request.headers.get("Cookie")) === latestUpdate.id,
    theme: themeOf(request),
    flash,
  };
  return data(root, { headers });
}

/**
 * What ends a page request as a whole, as the site's error page with its status: an outage (503, decision 029),
 * whatever a loader or action made of it, and a body over its cap (413), before any action reads it.
 */
function refusalOf(services: RequestServices) {
  return services.databaseUnreachable() ? unavailable() : services.refusal;
}

export const middleware: Route.MiddlewareFunction[] = [
  async ({ context }, next) => {
    const services = context.get(requestContext);
    const before = refusalOf(services);
    if (before) errorPage(before);
    const response = await next();
    // A form that answered the outage itself (its 503 page keeps everything typed, decision 030) stays; any other
    // page met by an outage is the error page.
    if (services.databaseUnreachable() && response.status !== 503) errorPage(unavailable());
    return response;
  },
];
