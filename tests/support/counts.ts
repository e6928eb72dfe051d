import { sql } from "drizzle-orm";
import type { Database } from "../../worker/db/client.ts";

/**
 * Each connection's filterable values as the filters must see them: from its movie and its book (people by slug), with
 * its time and owner.
 */
const expectedFacets = sql`
  select c.id as connection_id, 'movieGenre' as facet, g.name_lower as value, c.created_at, c.user_id from connections c join movie_genres g on g.movie_id = c.movie_id
  union select c.id, 'actor', a.slug, c.created_at, c.user_id from connections c join movie_actors a on a.movie_id = c.movie_id where a.slug <> ''
  union select c.id, 'director', m.director_slug, c.created_at, c.user_id from connections c join movies m on m.id = c.movie_id where m.director_slug <> ''
  union select c.id, 'bookGenre', g.name_lower, c.created_at, c.user_id from connections c join book_genres g on g.book_id = c.book_id
  union select c.id, 'author', b.author_slug, c.created_at, c.user_id from connections c join books b on b.id = c.book_id where b.author_slug <> ''`;

/** Maintained numbers (and copied rows) that differ from what the base tables say. */
export async function driftedCounts(db: Database) {
  const publicRows = sql`select c.* from connections c join users u on u.id = c.user_id
    where u.is_private = 0 and u.suspended_at is null`;
  return db
    .all<{ what: string; name: string | null; kept: unknown; actual: unknown }>(sql`
    select 'total' as what, null as name, (select value from counters where name = 'public_connections') as kept,
      (select count(*) from (${publicRows})) as actual
    union all
    select 'tag', t.tag, coalesce((select public_connections from tag_counts where tag = t.tag), 0),
      (select count(*) from connection_tags ct join (${publicRows}) p on p.id = ct.connection_id where ct.tag = t.tag)
      from (select tag from connection_tags union select tag from tag_counts) t
    union all
    select 'owner_private', c.id, c.owner_private, u.is_private | (case when u.suspended_at is null then 0 else 2 end)
      from connections c join users u on u.id = c.user_id
    union all
    select 'member_connections', u.id, u.connection_count, (select count(*) from connections c where c.user_id = u.id)
      from users u
    union all
    select 'tag_created_at', ct.tag, ct.created_at, c.created_at from connection_tags ct join connections c on c.id = ct.connection_id
    union all
    select 'tag_owner', ct.tag, ct.user_id = c.user_id, 1 from connection_tags ct join connections c on c.id = ct.connection_id
    union all
    select 'owner_tag_count', o.user_id || ' ' || o.tag,
      coalesce((select connections from owner_tag_counts k where k.user_id = o.user_id and k.tag = o.tag), 0),
      (select count(*) from connection_tags ct join connections c on c.id = ct.connection_id
        where c.user_id = o.user_id and ct.tag = o.tag)
      from (select c.user_id, ct.tag from connection_tags ct join connections c on c.id = ct.connection_id
        union select user_id, tag from owner_tag_counts) o
    union all
    select 'owner_tag_count_left', user_id || ' ' || tag, 1, 0 from owner_tag_counts where connections <= 0
    union all
    select 'week_likes', c.id, c.week_likes,
      (select count(*) from likes l where l.connection_id = c.id and l.created_at >= (select counted_from from trending_window))
      from connections c
    union all
    select 'week_comments', c.id, c.week_comments,
      (select count(*) from comments m where m.connection_id = c.id and m.created_at >= (select counted_from from trending_window))
      from connections c
    union all
    select 'facet_rows', null, (select count(*) from connection_facets), (select count(*) from (${expectedFacets}))
    union all
    select 'facet_row', connection_id || ' ' || facet || ' ' || value, 1, 0 from (
      select connection_id, facet, value, created_at, user_id from connection_facets except select * from (${expectedFacets}))
    union all
    select 'facet_count', e.facet || ' ' || e.value, coalesce((select public_connections from facet_counts k where k.facet = e.facet and k.value = e.value), 0),
      (select count(*) from (${expectedFacets}) x join (${publicRows}) p on p.id = x.connection_id where x.facet = e.facet and x.value = e.value)
      from (select facet, value from (${expectedFacets}) union select facet, value from facet_counts) e
  `)
    .then((rows) => rows.filter((row) => Number(row.kept) !== Number(row.actual)));
}
