import { isRouteErrorResponse, type MetaDescriptor } from "react-router";
import { ATOM_TYPE } from "../worker/core/rules/feeds.ts";
import { SHARE_IMAGE_SIZE } from "../worker/core/rules/limits.ts";
import { SITE_DESCRIPTION, SITE_NAME } from "./site.ts";
import { snippet } from "./snippet.ts";
import type { PinnedTheme } from "./theme.ts";

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
  /** The theme the `theme` cookie pins (`data-theme` on <html>), or null to follow the system (decision 035). */
  theme: PinnedTheme | null;
  /** What the last form action said (decision 034), shown once. */
  flash: { id: string; message: string } | null;
}

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

interface PageMeta {
  title: string;
  description?: string;
  /**
   * Path of the canonical URL, with the query that identifies the page in one order (`pathWithQuery`): tracking
   * parameters and blanks are left out by the caller.
   */
  path: string;
  image?: string | null;
  /** The image is wide (a screenshot), so previews show it large; posters, covers and avatars get the small card. */
  wideImage?: boolean;
  /** The image's size when it is known, so previews can lay out before fetching it; a share image's is wide. */
  imageSize?: { width: number; height: number };
  /** A connection's page is an article: when it was posted and changed, its author's profile path, its tags. */
  article?: { publishedTime: string; modifiedTime: string; authorPath: string; tags: string[] };
  /** schema.org data about what the page shows (`app/structured-data.ts`), as JSON-LD. */
  structuredData?: Record<string, unknown>;
  /** Atom feeds that follow the page (`FEED_PATHS`), advertised as `<link rel="alternate">`. */
  feeds?: Array<{ title: string; path: string }>;
  /**
   * The page lists nothing (a filter nobody used, a page past the last): still a 200 (decision 048), but no page for
   * a search engine to keep.
   */
  empty?: boolean;
}

export { SHARE_IMAGE_SIZE };

/** The site's origin, from the root loader's data (every route's meta can read it). */
export function originOf(matches: Matches): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
  return root?.origin ?? "";
}

/**
 * Title, description, canonical link, social preview tags and structured data for a page (SPEC.md §2 page
 * metadata). Only pages the viewer may see call it: a hidden page's meta is `errorMeta`'s.
 */
export function pageMeta(matches: Matches, page: PageMeta): MetaDescriptor[] {
  const origin = originOf(matches);
  const title = page.title === SITE_NAME ? SITE_NAME : `${page.title} | ${SITE_NAME}`;
  const description = snippet(page.description || SITE_DESCRIPTION, DESCRIPTION_MAX);
  const url = origin + page.path;
  const image = page.image ? new URL(page.image, origin || "http://localhost").href : null;
  const { article } = page;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: article ? "article" : "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    ...(image && page.imageSize
      ? [
          { property: "og:image:width", content: String(page.imageSize.width) },
          { property: "og:image:height", content: String(page.imageSize.height) },
        ]
      : []),
    ...(article
      ? [
          { property: "article:published_time", content: article.publishedTime },
          { property: "article:modified_time", content: article.modifiedTime },
          { property: "article:author", content: origin + article.authorPath },
          ...article.tags.map((tag) => ({ property: "article:tag", content: tag })),
        ]
      : []),
    { name: "twitter:card", content: image && (page.wideImage || page.imageSize) ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
    ...(page.structuredData ? [{ "script:ld+json": page.structuredData }] : []),
    ...(page.empty ? [{ name: "robots", content: "noindex" }] : []),
    ...(page.feeds ?? []).map((feed) => ({
      tagName: "link",
      rel: "alternate",
      type: ATOM_TYPE,
      title: feed.title,
      href: origin + feed.path,
    })),
  ];
}

/**
 * The longest description a page gives: SPEC.md §9's snippets are shorter, and a text the caller did not cut (a
 * bio, the site's own) is cut here, as plain text on one line.
 */
const DESCRIPTION_MAX = 200;

/** A page number as a canonical query parameter: none for the first page. */
export function pageParam(page: number | undefined): string {
  return page && page > 1 ? String(page) : "";
}

/**
 * A path with the query parameters that have a value, in the order given: the one spelling of a page's canonical
 * URL, whatever order or extra parameters a link used.
 */
export function pathWithQuery(path: string, params: Record<string, string | undefined>): string {
  const query = Object.entries(params)
    .filter((entry): entry is [string, string] => Boolean(entry[1]))
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join("&");
  return query ? `${path}?${query}` : path;
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
