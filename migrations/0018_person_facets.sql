-- The director, actor and author filter values become people's slugs (decision 021), so "Gréta  Gerwig" and
-- "greta gerwig" find the same connections through the same index entries. The triggers that copy them now read
-- the slug columns added in 0017 and fire when a slug changes. The old lower-cased values go, with their counts;
-- the person_slugs backfill (scripts/backfills), which runs right after the migrations, writes every existing
-- row's slugs, and these triggers copy them onto the connections and count them as any new value.
DROP TRIGGER `connection_facets_on_insert`;
--> statement-breakpoint
CREATE TRIGGER `connection_facets_on_insert` AFTER INSERT ON `connections` BEGIN
  INSERT OR IGNORE INTO `connection_facets` (`connection_id`, `facet`, `value`, `created_at`)
    SELECT NEW.`id`, facet, value, NEW.`created_at` FROM (SELECT 'movieGenre' AS facet, `name_lower` AS value FROM `movie_genres` WHERE `movie_id` = NEW.`movie_id`
      UNION ALL SELECT 'actor', `slug` FROM `movie_actors` WHERE `movie_id` = NEW.`movie_id` AND `slug` <> ''
      UNION ALL SELECT 'director', `director_slug` FROM `movies` WHERE `id` = NEW.`movie_id` AND `director_slug` <> '');
  INSERT OR IGNORE INTO `connection_facets` (`connection_id`, `facet`, `value`, `created_at`)
    SELECT NEW.`id`, facet, value, NEW.`created_at` FROM (SELECT 'bookGenre' AS facet, `name_lower` AS value FROM `book_genres` WHERE `book_id` = NEW.`book_id`
      UNION ALL SELECT 'author', `author_slug` FROM `books` WHERE `id` = NEW.`book_id` AND `author_slug` <> '');
END;
--> statement-breakpoint
DROP TRIGGER `connection_facets_on_movie_change`;
--> statement-breakpoint
CREATE TRIGGER `connection_facets_on_movie_change` AFTER UPDATE OF `movie_id` ON `connections`
WHEN OLD.`movie_id` IS NOT NEW.`movie_id` BEGIN
  DELETE FROM `connection_facets` WHERE `connection_id` = NEW.`id` AND `facet` IN ('movieGenre', 'actor', 'director');
  INSERT OR IGNORE INTO `connection_facets` (`connection_id`, `facet`, `value`, `created_at`)
    SELECT NEW.`id`, facet, value, NEW.`created_at` FROM (SELECT 'movieGenre' AS facet, `name_lower` AS value FROM `movie_genres` WHERE `movie_id` = NEW.`movie_id`
      UNION ALL SELECT 'actor', `slug` FROM `movie_actors` WHERE `movie_id` = NEW.`movie_id` AND `slug` <> ''
      UNION ALL SELECT 'director', `director_slug` FROM `movies` WHERE `id` = NEW.`movie_id` AND `director_slug` <> '');
END;
--> statement-breakpoint
DROP TRIGGER `connection_facets_on_book_change`;
--> statement-breakpoint
CREATE TRIGGER `connection_facets_on_book_change` AFTER UPDATE OF `book_id` ON `connections`
WHEN OLD.`book_id` IS NOT NEW.`book_id` BEGIN
  DELETE FROM `connection_facets` WHERE `connection_id` = NEW.`id` AND `facet` IN ('bookGenre', 'author');
  INSERT OR IGNORE INTO `connection_facets` (`connection_id`, `facet`, `value`, `created_at`)
    SELECT NEW.`id`, facet, value, NEW.`created_at` FROM (SELECT 'bookGenre' AS facet, `name_lower` AS value FROM `book_genres` WHERE `book_id` = NEW.`book_id`
      UNION ALL SELECT 'author', `author_slug` FROM `books` WHERE `id` = NEW.`book_id` AND `author_slug` <> '');
END;
--> statement-breakpoint
DROP TRIGGER `movie_actors_facet_inserted`;
--> statement-breakpoint
CREATE TRIGGER `movie_actors_facet_inserted` AFTER INSERT ON `movie_actors` WHEN NEW.`slug` <> '' BEGIN
  INSERT OR IGNORE INTO `connection_facets` (`connection_id`, `facet`, `value`, `created_at`)
    SELECT `id`, 'actor', NEW.`slug`, `created_at` FROM `connections` WHERE `movie_id` = NEW.`movie_id`;
END;
--> statement-breakpoint
-- Two spellings of one actor in a movie ("Zoe", "Zoë") share a slug: the value stays while either row does.
DROP TRIGGER `movie_actors_facet_deleted`;
--> statement-breakpoint
CREATE TRIGGER `movie_actors_facet_deleted` AFTER DELETE ON `movie_actors`
WHEN NOT EXISTS (SELECT 1 FROM `movie_actors` WHERE `slug` = OLD.`slug` AND `movie_id` = OLD.`movie_id`) BEGIN
  DELETE FROM `connection_facets` WHERE `facet` = 'actor' AND `value` = OLD.`slug`
    AND `connection_id` IN (SELECT `id` FROM `connections` WHERE `movie_id` = OLD.`movie_id`);
END;
--> statement-breakpoint
DROP TRIGGER `movie_actors_facet_updated`;
--> statement-breakpoint
CREATE TRIGGER `movie_actors_facet_updated` AFTER UPDATE OF `movie_id`, `slug` ON `movie_actors`
WHEN OLD.`movie_id` IS NOT NEW.`movie_id` OR OLD.`slug` IS NOT NEW.`slug` BEGIN
  DELETE FROM `connection_facets` WHERE `facet` = 'actor' AND `value` = OLD.`slug`
    AND `connection_id` IN (SELECT `id` FROM `connections` WHERE `movie_id` = OLD.`movie_id`)
    AND NOT EXISTS (SELECT 1 FROM `movie_actors` WHERE `slug` = OLD.`slug` AND `movie_id` = OLD.`movie_id`);
  INSERT OR IGNORE INTO `connection_facets` (`connection_id`, `facet`, `value`, `created_at`)
    SELECT `id`, 'actor', NEW.`slug`, `created_at` FROM `connections` WHERE `movie_id` = NEW.`movie_id` AND NEW.`slug` <> '';
END;
--> statement-breakpoint
DROP TRIGGER `movies_director_facet_changed`;
--> statement-breakpoint
CREATE TRIGGER `movies_director_facet_changed` AFTER UPDATE OF `director_slug` ON `movies`
WHEN OLD.`director_slug` IS NOT NEW.`director_slug` BEGIN
  DELETE FROM `connection_facets` WHERE `facet` = 'director' AND `value` = OLD.`director_slug`
    AND `connection_id` IN (SELECT `id` FROM `connections` WHERE `movie_id` = NEW.`id`);
  INSERT OR IGNORE INTO `connection_facets` (`connection_id`, `facet`, `value`, `created_at`)
    SELECT `id`, 'director', NEW.`director_slug`, `created_at` FROM `connections` WHERE `movie_id` = NEW.`id` AND NEW.`director_slug` <> '';
END;
--> statement-breakpoint
DROP TRIGGER `books_author_facet_changed`;
--> statement-breakpoint
CREATE TRIGGER `books_author_facet_changed` AFTER UPDATE OF `author_slug` ON `books`
WHEN OLD.`author_slug` IS NOT NEW.`author_slug` BEGIN
  DELETE FROM `connection_facets` WHERE `facet` = 'author' AND `value` = OLD.`author_slug`
    AND `connection_id` IN (SELECT `id` FROM `connections` WHERE `book_id` = NEW.`id`);
  INSERT OR IGNORE INTO `connection_facets` (`connection_id`, `facet`, `value`, `created_at`)
    SELECT `id`, 'author', NEW.`author_slug`, `created_at` FROM `connections` WHERE `book_id` = NEW.`id` AND NEW.`author_slug` <> '';
END;
--> statement-breakpoint
DELETE FROM `connection_facets` WHERE `facet` IN ('director', 'actor', 'author');
--> statement-breakpoint
DELETE FROM `facet_counts` WHERE `facet` IN ('director', 'actor', 'author');
