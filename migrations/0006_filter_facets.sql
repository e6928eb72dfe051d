-- Every value a connection can be filtered by, except tags (which have their own rows): its movie's genres,
-- actors and director, its book's genres and author, lower-cased, with its creation time. A filter value's
-- connections are then walked newest first from one index, and counted from facet_counts, however common or
-- rare the value. Triggers copy them whenever a connection, its movie or book, or their lists change.
CREATE TABLE `connection_facets` (
	`connection_id` text NOT NULL,
	`facet` text NOT NULL,
	`value` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`connection_id`, `facet`, `value`),
	FOREIGN KEY (`connection_id`) REFERENCES `connections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `connection_facets_newest` ON `connection_facets` (`facet`,`value`,`created_at`,`connection_id`);--> statement-breakpoint
CREATE TABLE `facet_counts` (
	`facet` text NOT NULL,
	`value` text NOT NULL,
	`public_connections` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`facet`, `value`)
);
--> statement-breakpoint
INSERT INTO `connection_facets` (`connection_id`, `facet`, `value`, `created_at`)
  SELECT c.`id`, f.facet, f.value, c.`created_at` FROM `connections` c JOIN (
    SELECT `movie_id` AS owner, 'movieGenre' AS facet, `name_lower` AS value FROM `movie_genres`
    UNION ALL SELECT `movie_id`, 'actor', `name_lower` FROM `movie_actors`
    UNION ALL SELECT `id`, 'director', lower(`director`) FROM `movies` WHERE `director` <> ''
  ) f ON f.owner = c.`movie_id`
  UNION
  SELECT c.`id`, f.facet, f.value, c.`created_at` FROM `connections` c JOIN (
    SELECT `book_id` AS owner, 'bookGenre' AS facet, `name_lower` AS value FROM `book_genres`
    UNION ALL SELECT `id`, 'author', lower(`author`) FROM `books` WHERE `author` <> ''
  ) f ON f.owner = c.`book_id`;
--> statement-breakpoint
INSERT INTO `facet_counts` (`facet`, `value`, `public_connections`)
  SELECT f.`facet`, f.`value`, count(*) FROM `connection_facets` f JOIN `connections` c ON c.`id` = f.`connection_id`
  WHERE c.`owner_private` = 0 GROUP BY f.`facet`, f.`value`;
--> statement-breakpoint
-- Counted while the owner is public, like tag_counts (0003); a row's connection always exists when it changes,
-- because facets go before their connection (connection_facets_before_delete).
CREATE TRIGGER `connection_facets_counted` AFTER INSERT ON `connection_facets`
WHEN (SELECT `owner_private` FROM `connections` WHERE `id` = NEW.`connection_id`) = 0 BEGIN
  INSERT INTO `facet_counts` (`facet`, `value`, `public_connections`) VALUES (NEW.`facet`, NEW.`value`, 1)
    ON CONFLICT (`facet`, `value`) DO UPDATE SET `public_connections` = `public_connections` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `connection_facets_uncounted` AFTER DELETE ON `connection_facets`
WHEN (SELECT `owner_private` FROM `connections` WHERE `id` = OLD.`connection_id`) = 0 BEGIN
  UPDATE `facet_counts` SET `public_connections` = `public_connections` - 1 WHERE `facet` = OLD.`facet` AND `value` = OLD.`value`;
END;
--> statement-breakpoint
CREATE TRIGGER `connection_facets_privacy_changed` AFTER UPDATE OF `owner_private` ON `connections`
WHEN OLD.`owner_private` <> NEW.`owner_private` BEGIN
  INSERT INTO `facet_counts` (`facet`, `value`, `public_connections`)
    SELECT `facet`, `value`, 0 FROM `connection_facets` WHERE `connection_id` = NEW.`id` AND true
    ON CONFLICT (`facet`, `value`) DO NOTHING;
  UPDATE `facet_counts` SET `public_connections` = `public_connections` + (CASE NEW.`owner_private` WHEN 0 THEN 1 ELSE -1 END)
    WHERE (`facet`, `value`) IN (SELECT `facet`, `value` FROM `connection_facets` WHERE `connection_id` = NEW.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `connection_facets_on_insert` AFTER INSERT ON `connections` BEGIN
  INSERT OR IGNORE INTO `connection_facets` (`connection_id`, `facet`, `value`, `created_at`)
    SELECT NEW.`id`, facet, value, NEW.`created_at` FROM (SELECT 'movieGenre' AS facet, `name_lower` AS value FROM `movie_genres` WHERE `movie_id` = NEW.`movie_id`
      UNION ALL SELECT 'actor', `name_lower` FROM `movie_actors` WHERE `movie_id` = NEW.`movie_id`
      UNION ALL SELECT 'director', lower(`director`) FROM `movies` WHERE `id` = NEW.`movie_id` AND `director` <> '');
  INSERT OR IGNORE INTO `connection_facets` (`connection_id`, `facet`, `value`, `created_at`)
    SELECT NEW.`id`, facet, value, NEW.`created_at` FROM (SELECT 'bookGenre' AS facet, `name_lower` AS value FROM `book_genres` WHERE `book_id` = NEW.`book_id`
      UNION ALL SELECT 'author', lower(`author`) FROM `books` WHERE `id` = NEW.`book_id` AND `author` <> '');
END;
--> statement-breakpoint
-- Deletes do not rely on foreign-key cascades (enforcement is a per-connection pragma; decision 006).
CREATE TRIGGER `connection_facets_before_delete` BEFORE DELETE ON `connections` BEGIN
  DELETE FROM `connection_facets` WHERE `connection_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `connection_facets_on_movie_change` AFTER UPDATE OF `movie_id` ON `connections`
WHEN OLD.`movie_id` IS NOT NEW.`movie_id` BEGIN
  DELETE FROM `connection_facets` WHERE `connection_id` = NEW.`id` AND `facet` IN ('movieGenre', 'actor', 'director');
  INSERT OR IGNORE INTO `connection_facets` (`connection_id`, `facet`, `value`, `created_at`)
    SELECT NEW.`id`, facet, value, NEW.`created_at` FROM (SELECT 'movieGenre' AS facet, `name_lower` AS value FROM `movie_genres` WHERE `movie_id` = NEW.`movie_id`
      UNION ALL SELECT 'actor', `name_lower` FROM `movie_actors` WHERE `movie_id` = NEW.`movie_id`
      UNION ALL SELECT 'director', lower(`director`) FROM `movies` WHERE `id` = NEW.`movie_id` AND `director` <> '');
END;
--> statement-breakpoint
CREATE TRIGGER `connection_facets_on_book_change` AFTER UPDATE OF `book_id` ON `connections`
WHEN OLD.`book_id` IS NOT NEW.`book_id` BEGIN
  DELETE FROM `connection_facets` WHERE `connection_id` = NEW.`id` AND `facet` IN ('bookGenre', 'author');
  INSERT OR IGNORE INTO `connection_facets` (`connection_id`, `facet`, `value`, `created_at`)
    SELECT NEW.`id`, facet, value, NEW.`created_at` FROM (SELECT 'bookGenre' AS facet, `name_lower` AS value FROM `book_genres` WHERE `book_id` = NEW.`book_id`
      UNION ALL SELECT 'author', lower(`author`) FROM `books` WHERE `id` = NEW.`book_id` AND `author` <> '');
END;
--> statement-breakpoint
CREATE TRIGGER `movie_genres_facet_inserted` AFTER INSERT ON `movie_genres` BEGIN
  INSERT OR IGNORE INTO `connection_facets` (`connection_id`, `facet`, `value`, `created_at`)
    SELECT `id`, 'movieGenre', NEW.`name_lower`, `created_at` FROM `connections` WHERE `movie_id` = NEW.`movie_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `movie_genres_facet_deleted` AFTER DELETE ON `movie_genres` BEGIN
  DELETE FROM `connection_facets` WHERE `facet` = 'movieGenre' AND `value` = OLD.`name_lower`
    AND `connection_id` IN (SELECT `id` FROM `connections` WHERE `movie_id` = OLD.`movie_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `movie_genres_facet_updated` AFTER UPDATE OF `movie_id`, `name_lower` ON `movie_genres` BEGIN
  DELETE FROM `connection_facets` WHERE `facet` = 'movieGenre' AND `value` = OLD.`name_lower`
    AND `connection_id` IN (SELECT `id` FROM `connections` WHERE `movie_id` = OLD.`movie_id`);
  INSERT OR IGNORE INTO `connection_facets` (`connection_id`, `facet`, `value`, `created_at`)
    SELECT `id`, 'movieGenre', NEW.`name_lower`, `created_at` FROM `connections` WHERE `movie_id` = NEW.`movie_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `movie_actors_facet_inserted` AFTER INSERT ON `movie_actors` BEGIN
  INSERT OR IGNORE INTO `connection_facets` (`connection_id`, `facet`, `value`, `created_at`)
    SELECT `id`, 'actor', NEW.`name_lower`, `created_at` FROM `connections` WHERE `movie_id` = NEW.`movie_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `movie_actors_facet_deleted` AFTER DELETE ON `movie_actors` BEGIN
  DELETE FROM `connection_facets` WHERE `facet` = 'actor' AND `value` = OLD.`name_lower`
    AND `connection_id` IN (SELECT `id` FROM `connections` WHERE `movie_id` = OLD.`movie_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `movie_actors_facet_updated` AFTER UPDATE OF `movie_id`, `name_lower` ON `movie_actors` BEGIN
  DELETE FROM `connection_facets` WHERE `facet` = 'actor' AND `value` = OLD.`name_lower`
    AND `connection_id` IN (SELECT `id` FROM `connections` WHERE `movie_id` = OLD.`movie_id`);
  INSERT OR IGNORE INTO `connection_facets` (`connection_id`, `facet`, `value`, `created_at`)
    SELECT `id`, 'actor', NEW.`name_lower`, `created_at` FROM `connections` WHERE `movie_id` = NEW.`movie_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `book_genres_facet_inserted` AFTER INSERT ON `book_genres` BEGIN
  INSERT OR IGNORE INTO `connection_facets` (`connection_id`, `facet`, `value`, `created_at`)
    SELECT `id`, 'bookGenre', NEW.`name_lower`, `created_at` FROM `connections` WHERE `book_id` = NEW.`book_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `book_genres_facet_deleted` AFTER DELETE ON `book_genres` BEGIN
  DELETE FROM `connection_facets` WHERE `facet` = 'bookGenre' AND `value` = OLD.`name_lower`
    AND `connection_id` IN (SELECT `id` FROM `connections` WHERE `book_id` = OLD.`book_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `book_genres_facet_updated` AFTER UPDATE OF `book_id`, `name_lower` ON `book_genres` BEGIN
  DELETE FROM `connection_facets` WHERE `facet` = 'bookGenre' AND `value` = OLD.`name_lower`
    AND `connection_id` IN (SELECT `id` FROM `connections` WHERE `book_id` = OLD.`book_id`);
  INSERT OR IGNORE INTO `connection_facets` (`connection_id`, `facet`, `value`, `created_at`)
    SELECT `id`, 'bookGenre', NEW.`name_lower`, `created_at` FROM `connections` WHERE `book_id` = NEW.`book_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `movies_director_facet_changed` AFTER UPDATE OF `director` ON `movies`
WHEN lower(OLD.`director`) IS NOT lower(NEW.`director`) BEGIN
  DELETE FROM `connection_facets` WHERE `facet` = 'director' AND `value` = lower(OLD.`director`)
    AND `connection_id` IN (SELECT `id` FROM `connections` WHERE `movie_id` = NEW.`id`);
  INSERT OR IGNORE INTO `connection_facets` (`connection_id`, `facet`, `value`, `created_at`)
    SELECT `id`, 'director', lower(NEW.`director`), `created_at` FROM `connections` WHERE `movie_id` = NEW.`id` AND NEW.`director` <> '';
END;
--> statement-breakpoint
CREATE TRIGGER `books_author_facet_changed` AFTER UPDATE OF `author` ON `books`
WHEN lower(OLD.`author`) IS NOT lower(NEW.`author`) BEGIN
  DELETE FROM `connection_facets` WHERE `facet` = 'author' AND `value` = lower(OLD.`author`)
    AND `connection_id` IN (SELECT `id` FROM `connections` WHERE `book_id` = NEW.`id`);
  INSERT OR IGNORE INTO `connection_facets` (`connection_id`, `facet`, `value`, `created_at`)
    SELECT `id`, 'author', lower(NEW.`author`), `created_at` FROM `connections` WHERE `book_id` = NEW.`id` AND NEW.`author` <> '';
END;
