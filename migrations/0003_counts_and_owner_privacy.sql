CREATE TABLE `counters` (
	`name` text PRIMARY KEY NOT NULL,
	`value` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `tag_counts` (
	`tag` text PRIMARY KEY NOT NULL,
	`public_connections` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `tag_counts_popular` ON `tag_counts` ("public_connections" desc,`tag`);--> statement-breakpoint
DROP INDEX `connections_newest`;--> statement-breakpoint
ALTER TABLE `connections` ADD `owner_private` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `connections_newest` ON `connections` (`created_at`,`id`,`owner_private`,`user_id`);--> statement-breakpoint
ALTER TABLE `books` ADD `public_connections` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `movies` ADD `public_connections` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Backfill from the existing rows, then keep everything current with triggers, so no write path (API, pages,
-- seed, a console session) can forget a count. "Public" means the owner is not private; what a private
-- member's followers may also see is added at read time from their (few) rows.
UPDATE `connections` SET `owner_private` = 1 WHERE `user_id` IN (SELECT `id` FROM `users` WHERE `is_private` = 1);
--> statement-breakpoint
INSERT INTO `counters` (`name`, `value`) SELECT 'public_connections', count(*) FROM `connections` WHERE `owner_private` = 0;
--> statement-breakpoint
UPDATE `movies` SET `public_connections` = (SELECT count(*) FROM `connections` c WHERE c.`movie_id` = `movies`.`id` AND c.`owner_private` = 0);
--> statement-breakpoint
UPDATE `books` SET `public_connections` = (SELECT count(*) FROM `connections` c WHERE c.`book_id` = `books`.`id` AND c.`owner_private` = 0);
--> statement-breakpoint
INSERT INTO `tag_counts` (`tag`, `public_connections`)
  SELECT ct.`tag`, count(*) FROM `connection_tags` ct JOIN `connections` c ON c.`id` = ct.`connection_id`
  WHERE c.`owner_private` = 0 GROUP BY ct.`tag`;
--> statement-breakpoint
-- A new connection counts as public, then takes its owner's privacy (which uncounts it through
-- connections_privacy_changed when the owner is private).
CREATE TRIGGER `connections_inserted` AFTER INSERT ON `connections` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'public_connections' AND NEW.`owner_private` = 0;
  UPDATE `movies` SET `public_connections` = `public_connections` + 1 WHERE `id` = NEW.`movie_id` AND NEW.`owner_private` = 0;
  UPDATE `books` SET `public_connections` = `public_connections` + 1 WHERE `id` = NEW.`book_id` AND NEW.`owner_private` = 0;
  UPDATE `connections` SET `owner_private` = 1
    WHERE `id` = NEW.`id` AND `owner_private` = 0 AND EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id` AND `is_private` = 1);
END;
--> statement-breakpoint
-- Tags go first, while the connection still says whether they counted.
CREATE TRIGGER `connections_deleting` BEFORE DELETE ON `connections` BEGIN
  DELETE FROM `connection_tags` WHERE `connection_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `connections_deleted` AFTER DELETE ON `connections` WHEN OLD.`owner_private` = 0 BEGIN
  UPDATE `counters` SET `value` = `value` - 1 WHERE `name` = 'public_connections';
  UPDATE `movies` SET `public_connections` = `public_connections` - 1 WHERE `id` = OLD.`movie_id`;
  UPDATE `books` SET `public_connections` = `public_connections` - 1 WHERE `id` = OLD.`book_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `connections_repointed` AFTER UPDATE OF `movie_id`, `book_id`, `owner_private` ON `connections`
WHEN OLD.`movie_id` IS NOT NEW.`movie_id` OR OLD.`book_id` IS NOT NEW.`book_id` OR OLD.`owner_private` <> NEW.`owner_private` BEGIN
  UPDATE `movies` SET `public_connections` = `public_connections` - 1 WHERE `id` = OLD.`movie_id` AND OLD.`owner_private` = 0;
  UPDATE `movies` SET `public_connections` = `public_connections` + 1 WHERE `id` = NEW.`movie_id` AND NEW.`owner_private` = 0;
  UPDATE `books` SET `public_connections` = `public_connections` - 1 WHERE `id` = OLD.`book_id` AND OLD.`owner_private` = 0;
  UPDATE `books` SET `public_connections` = `public_connections` + 1 WHERE `id` = NEW.`book_id` AND NEW.`owner_private` = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `connections_privacy_changed` AFTER UPDATE OF `owner_private` ON `connections`
WHEN OLD.`owner_private` <> NEW.`owner_private` BEGIN
  UPDATE `counters` SET `value` = `value` + (CASE NEW.`owner_private` WHEN 0 THEN 1 ELSE -1 END) WHERE `name` = 'public_connections';
  INSERT INTO `tag_counts` (`tag`, `public_connections`)
    SELECT `tag`, 0 FROM `connection_tags` WHERE `connection_id` = NEW.`id` AND true
    ON CONFLICT (`tag`) DO NOTHING;
  UPDATE `tag_counts` SET `public_connections` = `public_connections` + (CASE NEW.`owner_private` WHEN 0 THEN 1 ELSE -1 END)
    WHERE `tag` IN (SELECT `tag` FROM `connection_tags` WHERE `connection_id` = NEW.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `users_privacy_changed` AFTER UPDATE OF `is_private` ON `users`
WHEN OLD.`is_private` <> NEW.`is_private` BEGIN
  UPDATE `connections` SET `owner_private` = NEW.`is_private` WHERE `user_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `connection_tags_inserted` AFTER INSERT ON `connection_tags`
WHEN (SELECT `owner_private` FROM `connections` WHERE `id` = NEW.`connection_id`) = 0 BEGIN
  INSERT INTO `tag_counts` (`tag`, `public_connections`) VALUES (NEW.`tag`, 1)
    ON CONFLICT (`tag`) DO UPDATE SET `public_connections` = `public_connections` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `connection_tags_deleted` AFTER DELETE ON `connection_tags`
WHEN (SELECT `owner_private` FROM `connections` WHERE `id` = OLD.`connection_id`) = 0 BEGIN
  UPDATE `tag_counts` SET `public_connections` = `public_connections` - 1 WHERE `tag` = OLD.`tag`;
END;
--> statement-breakpoint
CREATE TRIGGER `connection_tags_updated` AFTER UPDATE OF `tag`, `connection_id` ON `connection_tags` BEGIN
  UPDATE `tag_counts` SET `public_connections` = `public_connections` - 1
    WHERE `tag` = OLD.`tag` AND (SELECT `owner_private` FROM `connections` WHERE `id` = OLD.`connection_id`) = 0;
  INSERT INTO `tag_counts` (`tag`, `public_connections`)
    SELECT NEW.`tag`, 1 WHERE (SELECT `owner_private` FROM `connections` WHERE `id` = NEW.`connection_id`) = 0
    ON CONFLICT (`tag`) DO UPDATE SET `public_connections` = `public_connections` + 1;
END;
