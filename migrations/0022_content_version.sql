-- The content version (decision 039): one number that every write visitors could see raises, in the writing
-- transaction. Cached visitor pages are kept under the version they were rendered at, so a raised version makes
-- them unreachable. Counted from 1; triggers only, so every writer (Worker, seed, console, admin CLI) raises it.
INSERT INTO `counters` (`name`, `value`) VALUES ('content_version', 1) ON CONFLICT (`name`) DO NOTHING;
--> statement-breakpoint
CREATE TRIGGER `content_version_users_inserted` AFTER INSERT ON `users` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_users_updated` AFTER UPDATE OF `username`, `display_name`, `bio`, `location`, `picture_key`, `is_private`, `suspended_at` ON `users` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_users_deleted` AFTER DELETE ON `users` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_movies_inserted` AFTER INSERT ON `movies` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_movies_updated` AFTER UPDATE ON `movies` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_movies_deleted` AFTER DELETE ON `movies` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_movie_genres_inserted` AFTER INSERT ON `movie_genres` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_movie_genres_updated` AFTER UPDATE ON `movie_genres` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_movie_genres_deleted` AFTER DELETE ON `movie_genres` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_movie_actors_inserted` AFTER INSERT ON `movie_actors` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_movie_actors_updated` AFTER UPDATE ON `movie_actors` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_movie_actors_deleted` AFTER DELETE ON `movie_actors` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_books_inserted` AFTER INSERT ON `books` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_books_updated` AFTER UPDATE ON `books` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_books_deleted` AFTER DELETE ON `books` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_book_genres_inserted` AFTER INSERT ON `book_genres` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_book_genres_updated` AFTER UPDATE ON `book_genres` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_book_genres_deleted` AFTER DELETE ON `book_genres` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_connections_inserted` AFTER INSERT ON `connections` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_connections_updated` AFTER UPDATE ON `connections` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_connections_deleted` AFTER DELETE ON `connections` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_connection_tags_inserted` AFTER INSERT ON `connection_tags` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_connection_tags_updated` AFTER UPDATE ON `connection_tags` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_connection_tags_deleted` AFTER DELETE ON `connection_tags` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_likes_inserted` AFTER INSERT ON `likes` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_likes_deleted` AFTER DELETE ON `likes` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_comments_inserted` AFTER INSERT ON `comments` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_comments_updated` AFTER UPDATE ON `comments` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_comments_deleted` AFTER DELETE ON `comments` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_follows_inserted` AFTER INSERT ON `follows` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_follows_deleted` AFTER DELETE ON `follows` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_verdict_votes_inserted` AFTER INSERT ON `verdict_votes` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_verdict_votes_updated` AFTER UPDATE ON `verdict_votes` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_verdict_votes_deleted` AFTER DELETE ON `verdict_votes` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'content_version';
END;
