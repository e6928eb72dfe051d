import { sql } from "drizzle-orm";
import type { RequestServices, Viewer } from "../../context.ts";
import { books, connections, movies } from "../../db/schema.ts";
import { connectionVisibleTo } from "../people/index.ts";

/**
 * Who may load an uploaded image, and for how long an answer may be kept (decision 028). Every image key goes
 * through here: an original (`screenshots/<id>.png`) or anything stored beside it under the same prefix (a resized
 * variant, `screenshots/<id>…`), which is the original's to share.
 *
 * - A member's picture is basic info and a movie's poster or a book's cover is the catalog's: everyone's, for good
 *   (`permanent`).
 * - A connection's own screenshot, poster or cover follows its connection, checked on every request: everyone's
 *   while the owner is public (`public`), else only the owner's and their followers' (`private`, never kept by a
 *   shared cache). Either way an answer is reused for minutes at most, so turning private takes effect at once for
 *   new viewers and soon everywhere.
 * - Anything else (an unknown key, one no row shows any more, a share image's) is not an image anyone may load.
 */
export type ImageAccess = {
  audience: "permanent" | "public" | "private";
  cacheControl: string;
  /** For the original answering under a copy's URL while the copy is not made yet: the copy will take its place. */
  interimCacheControl: string;
};

/**
 * A key's bytes never change (a new upload gets a new key), so an answer is `immutable`: a reload does not ask
 * again while it is fresh. How long it stays fresh is the privacy rule's: minutes for a connection's own images.
 */
const CACHE_CONTROL = {
  permanent: "public, max-age=31536000, immutable",
  public: "public, max-age=300, immutable",
  private: "private, max-age=300, immutable",
} as const;

/**
 * A share image's (decision 025): it draws a connection visitors may see, so it is reused as that connection's own
 * images are, for minutes at most; the same URL answers 404 once the connection is hidden or gone.
 */
export const SHARE_IMAGE_CACHE_CONTROL = CACHE_CONTROL.public;

const INTERIM_CACHE_CONTROL = {
  permanent: "public, max-age=3600",
  public: "public, max-age=300",
  private: "private, max-age=300",
} as const;

/** The part of a key that names the upload: its folder and id. Extensions and variants follow it. */
const UPLOAD = /^(avatars|posters|covers|screenshots)\/([0-9a-f]{24})(?:[./]|$)/;
/** What an original upload's key ends with (images/keys.ts): one of these per accepted type. */
const ORIGINAL_EXTENSIONS = ["png", "jpg", "gif"] as const;

/** Where each folder's keys are kept: the connection column, and the catalog's when it may be a work's picture. */
const OWNERS = {
  screenshots: { connection: connections.screenshotKey, catalog: null },
  posters: { connection: connections.moviePosterKey, catalog: movies.posterKey },
  covers: { connection: connections.bookCoverKey, catalog: books.coverKey },
} as const;

/**
 * The access to the image at `key` for this request, or null when it is not to be served. `viewer` resolves the
 * request's viewer (a session cookie, or a Bearer token for API clients); it is asked only for a private owner's
 * image, so any other costs one indexed read and no session lookup.
 */
export async function imageAccess(
  services: Pick<RequestServices, "db">,
  key: string,
  viewer: () => Promise<Viewer | null>,
): Promise<ImageAccess | null> {
  const upload = UPLOAD.exec(key);
  if (!upload) return null;
  const folder = upload[1] as keyof typeof OWNERS | "avatars";
  if (folder === "avatars") return access("permanent");
  const originals = sql.join(
    ORIGINAL_EXTENSIONS.map((extension) => sql`${`${folder}/${upload[2]}.${extension}`}`),
    sql`, `,
  );
  const owners = OWNERS[folder];
  // Whether a connection showing the image is visible to `to`; null when no connection shows it.
  const visibleTo = (to: Viewer | null) =>
    sql<
      number | null
    >`(select max(${connectionVisibleTo(to)}) from ${connections} where ${owners.connection} in (${originals}))`;
  const catalog = owners.catalog
    ? sql`exists (select 1 from ${owners.catalog.table} where ${owners.catalog} in (${originals}))`
    : sql`0`;
  const { db } = services;
  const [found] = await db.all<{ catalog: number; visible: number | null }>(
    sql`select ${catalog} as catalog, ${visibleTo(null)} as visible`,
  );
  if (found?.catalog) return access("permanent");
  if (found?.visible === null || found?.visible === undefined) return null;
  if (found.visible) return access("public");
  const member = await viewer();
  if (!member) return null;
  const [mine] = await db.all<{ visible: number | null }>(sql`select ${visibleTo(member)} as visible`);
  return mine?.visible ? access("private") : null;
}

function access(audience: ImageAccess["audience"]): ImageAccess {
  return { audience, cacheControl: CACHE_CONTROL[audience], interimCacheControl: INTERIM_CACHE_CONTROL[audience] };
}
