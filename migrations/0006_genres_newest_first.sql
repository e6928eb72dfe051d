-- Each connection's genres (its movie's and its book's) with its creation time, so the feed's genre filters walk
-- a genre newest first instead of testing every connection; a genre nobody uses then costs nothing. Triggers
-- copy them whenever a connection, its movie or book, or their genres change.
CREATE TABLE `connection_genres` (
	`connection_id` text NOT NULL,
	`kind` text NOT NULL,
	`name_lower` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`connection_id`, `kind`, `name_lower`),
	FOREIGN KEY (`connection_id`) REFERENCES `connections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `connection_genres_newest` ON `connection_genres` (`kind`,`name_lower`,`created_at`,`connection_id`);--> statement-breakpoint
INSERT INTO `connection_genres` (`connection_id`, `kind`, `name_lower`, `created_at`)
  SELECT c.`id`, 'movie', g.`name_lower`, c.`created_at` FROM `connections` c JOIN `movie_genres` g ON g.`movie_id` = c.`movie_id`;
--> statement-breakpoint
INSERT INTO `connection_genres` (`connection_id`, `kind`, `name_lower`, `created_at`)
  SELECT c.`id`, 'book', g.`name_lower`, c.`created_at` FROM `connections` c JOIN `book_genres` g ON g.`book_id` = c.`book_id`;
--> statement-breakpoint
CREATE TRIGGER `connection_genres_on_insert` AFTER INSERT ON `connections` BEGIN
  INSERT OR IGNORE INTO `connection_genres` (`connection_id`, `kind`, `name_lower`, `created_at`)
    SELECT NEW.`id`, 'movie', `name_lower`, NEW.`created_at` FROM `movie_genres` WHERE `movie_id` = NEW.`movie_id`;
  INSERT OR IGNORE INTO `connection_genres` (`connection_id`, `kind`, `name_lower`, `created_at`)
    SELECT NEW.`id`, 'book', `name_lower`, NEW.`created_at` FROM `book_genres` WHERE `book_id` = NEW.`book_id`;
END;
--> statement-breakpoint
-- Deletes do not rely on foreign-key cascades (enforcement is a per-connection pragma; decision 006).
CREATE TRIGGER `connection_genres_on_delete` AFTER DELETE ON `connections` BEGIN
  DELETE FROM `connection_genres` WHERE `connection_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `connection_genres_on_movie_change` AFTER UPDATE OF `movie_id` ON `connections`
WHEN OLD.`movie_id` IS NOT NEW.`movie_id` BEGIN
  DELETE FROM `connection_genres` WHERE `connection_id` = NEW.`id` AND `kind` = 'movie';
  INSERT OR IGNORE INTO `connection_genres` (`connection_id`, `kind`, `name_lower`, `created_at`)
    SELECT NEW.`id`, 'movie', `name_lower`, NEW.`created_at` FROM `movie_genres` WHERE `movie_id` = NEW.`movie_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `connection_genres_on_book_change` AFTER UPDATE OF `book_id` ON `connections`
WHEN OLD.`book_id` IS NOT NEW.`book_id` BEGIN
  DELETE FROM `connection_genres` WHERE `connection_id` = NEW.`id` AND `kind` = 'book';
  INSERT OR IGNORE INTO `connection_genres` (`connection_id`, `kind`, `name_lower`, `created_at`)
    SELECT NEW.`id`, 'book', `name_lower`, NEW.`created_at` FROM `book_genres` WHERE `book_id` = NEW.`book_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `connection_genres_on_movie_genre_insert` AFTER INSERT ON `movie_genres` BEGIN
  INSERT OR IGNORE INTO `connection_genres` (`connection_id`, `kind`, `name_lower`, `created_at`)
    SELECT `id`, 'movie', NEW.`name_lower`, `created_at` FROM `connections` WHERE `movie_id` = NEW.`movie_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `connection_genres_on_movie_genre_delete` AFTER DELETE ON `movie_genres` BEGIN
  DELETE FROM `connection_genres` WHERE `kind` = 'movie' AND `name_lower` = OLD.`name_lower`
    AND `connection_id` IN (SELECT `id` FROM `connections` WHERE `movie_id` = OLD.`movie_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `connection_genres_on_movie_genre_update` AFTER UPDATE OF `movie_id`, `name_lower` ON `movie_genres` BEGIN
  DELETE FROM `connection_genres` WHERE `kind` = 'movie' AND `name_lower` = OLD.`name_lower`
    AND `connection_id` IN (SELECT `id` FROM `connections` WHERE `movie_id` = OLD.`movie_id`);
  INSERT OR IGNORE INTO `connection_genres` (`connection_id`, `kind`, `name_lower`, `created_at`)
    SELECT `id`, 'movie', NEW.`name_lower`, `created_at` FROM `connections` WHERE `movie_id` = NEW.`movie_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `connection_genres_on_book_genre_insert` AFTER INSERT ON `book_genres` BEGIN
  INSERT OR IGNORE INTO `connection_genres` (`connection_id`, `kind`, `name_lower`, `created_at`)
    SELECT `id`, 'book', NEW.`name_lower`, `created_at` FROM `connections` WHERE `book_id` = NEW.`book_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `connection_genres_on_book_genre_delete` AFTER DELETE ON `book_genres` BEGIN
  DELETE FROM `connection_genres` WHERE `kind` = 'book' AND `name_lower` = OLD.`name_lower`
    AND `connection_id` IN (SELECT `id` FROM `connections` WHERE `book_id` = OLD.`book_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `connection_genres_on_book_genre_update` AFTER UPDATE OF `book_id`, `name_lower` ON `book_genres` BEGIN
  DELETE FROM `connection_genres` WHERE `kind` = 'book' AND `name_lower` = OLD.`name_lower`
    AND `connection_id` IN (SELECT `id` FROM `connections` WHERE `book_id` = OLD.`book_id`);
  INSERT OR IGNORE INTO `connection_genres` (`connection_id`, `kind`, `name_lower`, `created_at`)
    SELECT `id`, 'book', NEW.`name_lower`, `created_at` FROM `connections` WHERE `book_id` = NEW.`book_id`;
END;
