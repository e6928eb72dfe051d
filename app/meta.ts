import { isRouteErrorResponse, type MetaDescriptor } from "react-router";
import { ATOM_TYPE } from "../worker/core/rules/feeds.ts";
import { SITE_DESCRIPTION, SITE_NAME } from "./site.ts";

/** The root loader's data, which every route's meta can read for the origin, and the layout for its sidebar and banner. */
export interface RootData {
  origin: string;
  viewer: {
    id: string;
    username: string;
    name: string;
    pictureUrl: string | null;
    unreadNotifications: number;
    favoriteIds: string[];
    isPrivate: boolean;
    /** Follow requests waiting for the member's answer (the sidebar's badge). */
    pendingFollowRequests: number;
    isModerator: boolean;
    /** Open report cases (the sidebar's Moderation badge); 0 for members. */
    openReportCases: number;
  } | null;
  /** The sidebar's Popular Tags (members only; null for visitors). `error` when they could not be loaded. */
  sidebarTags: { tags: Array<{ tag: string; count: number }>; error: boolean } | null;
  /** True when the request's `dismissedUpdateBatchId` cookie names the newest update batch (no banner then). */
  whatsNewDismissed: boolean;
}

interface PageMeta {
  title: string;
  description?: string;
  /** Path of the canonical URL; query strings that only filter or paginate are left out by the caller. */
  path: string;
  image?: string | null;
  /** Atom feeds that follow the page (`FEED_PATHS`), advertised as `<link rel="alternate">`. */
  feeds?: Array<{ title: string; path: string }>;
}

/** Title, description, canonical link and social preview tags for a page (SPEC.md §2 page metadata). */
export function pageMeta(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
  page: PageMeta,
): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
  const origin = root?.origin ?? "";
  const title = page.title === SITE_NAME ? SITE_NAME : `${page.title} | ${SITE_NAME}`;
  const description = page.description ?? SITE_DESCRIPTION;
  const url = origin + page.path;
  const image = page.image ? new URL(page.image, origin || "http://localhost").href : null;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
    ...(page.feeds ?? []).map((feed) => ({
      tagName: "link",
      rel: "alternate",
      type: ATOM_TYPE,
      title: feed.title,
      href: origin + feed.path,
    })),
  ];
}

/** Meta for a page whose loader failed: its own "… not found" title for a 404, else "Something went wrong"; not indexed. */
export function errorMeta(error: unknown, notFoundTitle: string): MetaDescriptor[] {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: `${notFound ? notFoundTitle : "Something went wrong"} | ${SITE_NAME}` },
    { name: "robots", content: "noindex" },
  ];
}

/** A movie's or a book's name with its year when known: 'Dune (2021)'. */
export function titleWithYear(title: string, year: number | null): string {
  return year ? `${title} (${year})` : title;
}
