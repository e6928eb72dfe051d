import { and, lt, type SQL, sql } from "drizzle-orm";
import type { RequestServices, Viewer } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { comments, connections, counters, follows, likes, trendingWindow, users } from "../../db/schema.ts";
import { badRequest } from "../errors.ts";
import { authorsHiddenFrom, authorVisibleTo, connectionVisibleTo, membersShownTo } from "../people/index.ts";
import {
  COUNT_LIMIT,
  FEED_VIEW_MESSAGES,
  type FeedScope,
  type FeedSort,
  isFeedScope,
  isFeedSort,
  TRENDING_WINDOW_MS,
} from "../rules/index.ts";
import { type ConnectionPage, idsFromIndex, type PageWindow, pageReads, type Ranking, toPage } from "./connections.ts";
import {
  type FeedFilters,
  filterConditions,
  maintainedPublicCount,
  type NewestFirstIndex,
  newestFirstIndex,
} from "./feed-filters.ts";

/** Whose connections a feed lists and in what order (API.md "Feeds for members"). */
export interface FeedView {
  scope: FeedScope;
  sort: FeedSort;
}

/**
 * `feed` and `sort` as asked. A blank or missing value is the default (`scope`, the caller's: the API keeps
 * Everyone for its existing clients, the home page chooses by whom the member follows). An unknown value is a 400
 * when `strict` (the API), and the default otherwise (the home page, whose links never write one).
 */
export function readFeedView(
  params: Record<string, string | undefined>,
  defaults: { scope: FeedScope; strict: boolean },
): FeedView {
  const feed = params.feed?.trim().toLowerCase() || defaults.scope;
  const sort = params.sort?.trim().toLowerCase() || "newest";
  if (defaults.strict && !isFeedScope(feed)) throw badRequest(FEED_VIEW_MESSAGES.unknownFeed);
  if (defaults.strict && !isFeedSort(sort)) throw badRequest(FEED_VIEW_MESSAGES.unknownSort);
  return { scope: isFeedScope(feed) ? feed : defaults.scope, sort: isFeedSort(sort) ? sort : "newest" };
}

/**
 * The two reads behind one page of a feed with its filters, as the viewer may see it (a visitor is a null viewer),
 * for the caller's batch; `toPage` reads the answers. The home page (members and visitors alike) and the API's
 * feed read it. Following needs a member: the doors turn a visitor away before asking (decision 031).
 */
export function feedReads(
  services: RequestServices,
  filters: FeedFilters,
  page: number,
  view: FeedView = { scope: "everyone", sort: "newest" },
) {
  const conditions = filterConditions(filters);
  const where = conditions.length ? and(...conditions) : undefined;
  const ranking = view.sort === "newest" ? undefined : rankingOf(view.sort, services.viewer, Date.now());
  if (view.scope === "following" && services.viewer) {
    const index = newestFirstIndex(filters);
    const onIndex = index && and(...filterConditions(filters, index));
    const source = followingSource(services.viewer, where, index && { index, where: onIndex });
    return pageReads(services, where, page, { source, ranking });
  }
  return pageReads(services, where, page, {
    publicCount: maintainedPublicCount(filters),
    index: newestFirstIndex(filters),
    ranking,
  });
}

export async function listFeed(
  services: RequestServices,
  filters: FeedFilters,
  page: number,
  view?: FeedView,
): Promise<ConnectionPage> {
  const answers = await services.db.batch(feedReads(services, filters, page, view));
  const { totalCount: _total, ...result } = toPage(services.origin, page, answers);
  return result;
}

/**
 * "Top this week" and "most discussed" (decision 031 and its addendum): likes or comments of the last 7 days by
 * members the viewer may see. Each connection keeps how many it got since `trending_window.counted_from`, a time
 * the hourly cron keeps at about 7 days ago (`ageWeekCounts`): the walk reads connections in that kept order. The
 * kept number overcounts for a few connections only: the rows already past the 7 days that the cron has not taken
 * off yet (an hour's worth at most), and those left by members hidden from the viewer (suspended, or a block
 * between them). Those are read from two narrow ranges and subtracted (`corrections`). `score` is the exact number
 * for the page's own cards.
 */
function rankingOf(sort: Exclude<FeedSort, "newest">, viewer: Viewer | null, now: number): Ranking {
  const since = now - TRENDING_WINDOW_MS;
  const [table, kept, index, byDate, byMember] =
    sort === "top"
      ? ([likes, connections.weekLikes, "connections_week_likes", "likes_recent", "likes_user_dated"] as const)
      : ([
          comments,
          connections.weekComments,
          "connections_week_comments",
          "comments_recent",
          "comments_user_dated",
        ] as const);
  // The week starts at `since`, unless the cron moved the kept numbers' start past it between this request's clock
  // reading and its statement (by milliseconds): then there, so the kept numbers still bound every score.
  const weekStart = sql`max(${since}, ${countedFrom})`;
  const counted = and(sql`${table.createdAt} >= ${weekStart}`, authorVisibleTo(viewer, table.userId));
  const hidden = authorsHiddenFrom(viewer);
  const aged = sql`select ${table.connectionId} as id from ${table} indexed by ${sql.raw(byDate)}
    where ${countedBefore(table, since)}`;
  const byHidden = hidden
    ? sql` union all select ${table.connectionId} from ${table} indexed by ${sql.raw(byMember)}
      where ${table.userId} in (${hidden}) and ${table.createdAt} >= ${weekStart}`
    : sql``;
  return {
    kept,
    index: sql.raw(index),
    corrections: sql`select id, count(*) as n from (${aged}${byHidden}) group by id`,
    score: sql<number>`(select count(*) from ${table} where ${table.connectionId} = ${connections.id} and ${counted})`,
  };
}

/**
 * The cron's hourly step for the ranked sorts: moves `trending_window.counted_from` to 7 days before `now` and takes
 * the likes and comments it passes off their connections' kept numbers, in one transaction with the move (the
 * triggers read the same window). Between two runs the sorts subtract what passed since (`rankingOf`).
 */
export async function ageWeekCounts(db: Database, now: number): Promise<void> {
  // Never past this moment's window, whatever time the event claims: reads count from 7 days before their own time.
  const to = Math.min(now, Date.now()) - TRENDING_WINDOW_MS;
  const age = (table: typeof likes | typeof comments, kept: string) => {
    const passed = countedBefore(table, to);
    // The correlated count names the outer table in full: `comments` has an `id` of its own.
    return db.run(sql`update ${connections} set ${sql.identifier(kept)} = ${sql.identifier(kept)} - (
        select count(*) from ${table} where ${table.connectionId} = "connections"."id" and ${passed})
      where ${connections.id} in (select ${table.connectionId} from ${table} where ${passed})`);
  };
  await db.batch([
    age(likes, connections.weekLikes.name),
    age(comments, connections.weekComments.name),
    db.update(trendingWindow).set({ countedFrom: to }).where(lt(trendingWindow.countedFrom, to)),
  ]);
}

/** Where the kept week numbers start counting (`trending_window`, one row). */
const countedFrom = sql`(select ${trendingWindow.countedFrom} from ${trendingWindow})`;

/** The likes or comments a kept week number counts that are dated before `time`: what aging takes off. */
function countedBefore(table: typeof likes | typeof comments, time: number): SQL {
  return sql`${table.createdAt} >= ${countedFrom} and ${table.createdAt} < ${time}`;
}

/**
 * The Following feed's rows: the viewer's own connections and those of everyone they follow (API.md), as far as
 * the privacy rule lets them see them (a follower sees a private member's posts; a suspended member's stay hidden).
 * Its cost follows how much those members post, never the size of the site (decisions 031 and 042): its count adds
 * up their kept counts, and its pages walk either their own rows or the site's newest, whichever is shorter
 * (`newestFollowedIds`, and `filtered` with filters).
 */
function followingSource(
  viewer: Viewer,
  where: SQL | undefined,
  walk: { index: NewestFirstIndex; where: SQL | undefined } | undefined,
) {
  const owners = sql`select ${viewer.id} as id union select ${follows.followeeId} from ${follows} where ${follows.followerId} = ${viewer.id}`;
  const holds = sql`${connections.userId} in (${owners})`;
  if (!where) {
    return {
      holds,
      ids: (window: PageWindow) => newestFollowedIds(viewer, owners, window),
      count: keptCount(viewer, owners),
    };
  }
  const visible = (conditions: SQL | undefined) => and(connectionVisibleTo(viewer), conditions, holds) as SQL;
  // The index names each entry's owner: the members not followed are passed over without reading their connection.
  const index = walk && {
    ...walk.index,
    match: [...walk.index.match, sql`${walk.index.owner} in (${owners})`],
    visible: visible(walk.where),
    // With no other filter to check, each entry of a member whose connections the viewer sees is a row they see
    // (as `keptCount` counts them), so the count reads the index alone, never a connection.
    counted: walk.where
      ? undefined
      : [...walk.index.match, sql`${walk.index.owner} in (select ${users.id} from ${shownOwners(viewer, owners)})`],
  };
  const { ids, count } = filtered(viewer, owners, visible(where), index);
  return { holds, ids, count };
}

/**
 * A filtered Following feed walks the cheaper of two sources, as the kept counts tell: the members' rows, checked
 * against the filters, or the filter's own index (a genre, a person, a tag), checked for its member. The index walk
 * is taken when the whole index is shorter than their rows, or when the entries it reads before it has the rows
 * wanted (about `wanted × site ÷ theirs` if the members post like the rest of the site) cost less than their rows:
 * an entry is taken to cost eight of their rows (decision 042's last addendum). The index names each entry's owner,
 * so an entry of a member not followed is passed over without its connection and only a followed member's is looked
 * up by id: a member who follows few now pays about two rows an entry, and near the line keeps walking their own
 * rows where the index would be somewhat cheaper (measured and left, decision 045's second addendum). A member who follows
 * a few people and filters by a common genre walks their rows; one who follows hundreds of prolific members walks
 * the index, even of a genre larger than their rows. The count stops at `COUNT_LIMIT`: a common genre among hundreds
 * of prolific members would otherwise count every one of them. Counted on the index, a row is checked with
 * `index.visible`, the same rule without the filter its entry already holds; with no other filter, `index.counted`
 * reads only the entries of the members whose connections the viewer sees, and no connection at all.
 */
function filtered(
  viewer: Viewer,
  owners: SQL,
  visible: SQL,
  index: (NewestFirstIndex & { visible: SQL; counted: SQL[] | undefined }) | undefined,
) {
  const ownersRows = sql`(${owners}) as feed_owners cross join ${connections} on ${connections.userId} = feed_owners.id`;
  const countUpTo = (rows: SQL) => sql<number>`(select count(*) from (select 1 from ${rows} limit ${COUNT_LIMIT}))`;
  const byOwners = {
    ids: (window: PageWindow) => sql`select ${connections.id} as id from ${ownersRows} where ${window.visible}
      order by ${connections.createdAt} desc, ${connections.id} desc limit ${window.limit} offset ${window.offset}`,
    count: countUpTo(sql`${ownersRows} where ${visible}`),
  };
  if (!index) return byOwners;
  // Their kept count is summed once per choice (it is a read of every member's row).
  const indexCheaper = (wanted: SQL) =>
    sql`(select ${index.publicEntries} < theirs or ${INDEX_ENTRY_COST} * ${wanted} * ${publicConnections} < theirs * theirs
      from (select ${keptCount(viewer, owners)} as theirs))`;
  const indexRows = index.counted
    ? sql`${index.table} where ${and(...index.counted)}`
    : sql`${index.table} cross join ${connections} on ${connections.id} = ${index.connectionId}
    where ${and(...index.match, index.visible)}`;
  return {
    // Decided once (a MATERIALIZED row); the walk not taken gets LIMIT 0, which SQLite checks before its loop.
    ids: (window: PageWindow) => {
      const limit = (taken: SQL) => ({ ...window, limit: sql`(case when ${taken} then ${window.limit} else 0 end)` });
      return sql`with walk(by_index) as materialized (select ${indexCheaper(sql`(${window.offset} + ${window.limit})`)})
        select id from (${idsFromIndex(index, limit(sql`(select by_index from walk)`))})
        union all select id from (${byOwners.ids(limit(sql`not (select by_index from walk)`))})`;
    },
    count: sql<number>`(case when ${indexCheaper(sql`${COUNT_LIMIT}`)} then ${countUpTo(indexRows)}
      else ${byOwners.count} end)`,
  };
}

/** What reading one entry of a filter's index costs, in rows of the members' own walk (see `filtered`). */
const INDEX_ENTRY_COST = 8;

/** How many public connections the site has (a kept count): the share a member's rows are of it. */
const publicConnections = sql`(select ${counters.value} from ${counters} where ${counters.name} = 'public_connections')`;

/**
 * The members in `owners` whose connections the viewer sees, as a FROM item over `users` with its condition. They
 * see all of them: all of a member's connections are visible to a follower or to themselves, unless the member is
 * suspended and the viewer is no moderator (a block removes the follow, so no followed member is blocked either way).
 */
function shownOwners(viewer: Viewer, owners: SQL): SQL {
  const { members, shown } = membersShownTo(viewer);
  return sql`${members} where ${users.id} in (${owners}) and ${shown}`;
}

/** How many connections the members in `owners` have that the viewer sees, from their kept counts. */
function keptCount(viewer: Viewer, owners: SQL): SQL<number> {
  return sql<number>`(select coalesce(sum(${users.connectionCount}), 0) from ${shownOwners(viewer, owners)})`;
}

/**
 * A window of the owners' connections newest first, by the cheaper of two walks, chosen in the statement from kept
 * counts: each member's own newest rows (`newestPerOwnerIds`), at most `offset + limit` rows per member and never
 * more than they have; or the whole site's newest rows (`connections_newest`), keeping the members', which reads
 * `offset + limit` rows divided by their share of the site. A member who follows a few people takes the first; one
 * who follows hundreds of the most prolific posters, the second (decision 042). The walk not taken gets LIMIT 0.
 */
function newestFollowedIds(viewer: Viewer, owners: SQL, window: PageWindow): SQL {
  const wanted = sql`(${window.offset} + ${window.limit})`;
  const members = sql`(select count(*) from (${owners}))`;
  // Decided once (a MATERIALIZED row; their kept count summed once), then each walk is kept whole or cut to
  // nothing by an outer LIMIT.
  return sql`with walk(by_site) as materialized (
      select ${wanted} * ${publicConnections} < theirs * min(theirs, ${members} * ${wanted})
      from (select ${keptCount(viewer, owners)} as theirs))
    select id from (select id from (select ${connections.id} as id from ${connections} indexed by connections_newest
        where ${window.visible} order by ${connections.createdAt} desc, ${connections.id} desc
        limit ${window.limit} offset ${window.offset})
      limit (case when (select by_site from walk) then -1 else 0 end))
    union all
    select id from (select id from (${newestPerOwnerIds(owners, window)})
      limit (case when (select by_site from walk) then 0 else -1 end))`;
}

/**
 * A window of the owners' connections newest first, reading at most `offset + limit` rows per member: each
 * member's cut-off is the creation time of their (offset + limit)-th newest visible row (one index seek), and only
 * rows from then on are gathered and sorted. The page's rows are among them, since a row that has offset + limit
 * newer rows of its own member cannot be among the offset + limit newest of all.
 */
function newestPerOwnerIds(owners: SQL, window: PageWindow): SQL {
  const { visible, offset, limit } = window;
  const cutoff = sql`(select ${connections.createdAt} from ${connections}
    where ${connections.userId} = feed_owners.id and ${visible}
    order by ${connections.createdAt} desc, ${connections.id} desc limit 1 offset ${offset} + ${limit} - 1)`;
  return sql`select ${connections.id} as id
    from (select feed_owners.id as id, coalesce(${cutoff}, 0) as since from (${owners}) as feed_owners) as cutoffs
    cross join ${connections} on ${connections.userId} = cutoffs.id and ${connections.createdAt} >= cutoffs.since
    where ${visible}
    order by ${connections.createdAt} desc, ${connections.id} desc limit ${limit} offset ${offset}`;
}
