-- "Top this week" and "most discussed" (decision 031) ranked the week's likes or comments on every request, a cost
-- that grows with the site's activity. Each connection now keeps its likes and comments dated from
-- `trending_window.counted_from` on (triggers below); the cron moves that time to 7 days ago and takes off what it
-- passes. The sorts walk the kept numbers in order and subtract, for the few connections concerned, what the
-- viewer must not count (decision 031's addendum).
CREATE TABLE `trending_window` (
	`id` integer PRIMARY KEY NOT NULL,
	`counted_from` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `trending_window` (`id`, `counted_from`) VALUES (1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) - 604800000);--> statement-breakpoint
DROP INDEX `comments_user`;--> statement-breakpoint
CREATE INDEX `comments_user_dated` ON `comments` (`user_id`,`created_at`);--> statement-breakpoint
DROP INDEX `likes_user`;--> statement-breakpoint
CREATE INDEX `likes_user_dated` ON `likes` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `connections` ADD `week_likes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `connections` ADD `week_comments` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `connections` SET `week_likes` = (SELECT count(*) FROM `likes` l WHERE l.`connection_id` = `connections`.`id` AND l.`created_at` >= (SELECT `counted_from` FROM `trending_window`))
  WHERE `id` IN (SELECT `connection_id` FROM `likes` INDEXED BY `likes_recent` WHERE `created_at` >= (SELECT `counted_from` FROM `trending_window`));--> statement-breakpoint
UPDATE `connections` SET `week_comments` = (SELECT count(*) FROM `comments` m WHERE m.`connection_id` = `connections`.`id` AND m.`created_at` >= (SELECT `counted_from` FROM `trending_window`))
  WHERE `id` IN (SELECT `connection_id` FROM `comments` INDEXED BY `comments_recent` WHERE `created_at` >= (SELECT `counted_from` FROM `trending_window`));--> statement-breakpoint
CREATE INDEX `connections_week_likes` ON `connections` ("week_likes" desc,"created_at" desc,"id" desc,`owner_private`,`user_id`) WHERE "connections"."week_likes" > 0;--> statement-breakpoint
CREATE INDEX `connections_week_comments` ON `connections` ("week_comments" desc,"created_at" desc,"id" desc,`owner_private`,`user_id`) WHERE "connections"."week_comments" > 0;--> statement-breakpoint
CREATE TRIGGER `likes_week_counted` AFTER INSERT ON `likes`
WHEN NEW.`created_at` >= (SELECT `counted_from` FROM `trending_window`) BEGIN
  UPDATE `connections` SET `week_likes` = `week_likes` + 1 WHERE `id` = NEW.`connection_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `likes_week_uncounted` AFTER DELETE ON `likes`
WHEN OLD.`created_at` >= (SELECT `counted_from` FROM `trending_window`) BEGIN
  UPDATE `connections` SET `week_likes` = `week_likes` - 1 WHERE `id` = OLD.`connection_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `likes_week_moved` AFTER UPDATE OF `created_at`, `connection_id` ON `likes` BEGIN
  UPDATE `connections` SET `week_likes` = `week_likes` - 1
    WHERE `id` = OLD.`connection_id` AND OLD.`created_at` >= (SELECT `counted_from` FROM `trending_window`);
  UPDATE `connections` SET `week_likes` = `week_likes` + 1
    WHERE `id` = NEW.`connection_id` AND NEW.`created_at` >= (SELECT `counted_from` FROM `trending_window`);
END;
--> statement-breakpoint
CREATE TRIGGER `comments_week_counted` AFTER INSERT ON `comments`
WHEN NEW.`created_at` >= (SELECT `counted_from` FROM `trending_window`) BEGIN
  UPDATE `connections` SET `week_comments` = `week_comments` + 1 WHERE `id` = NEW.`connection_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `comments_week_uncounted` AFTER DELETE ON `comments`
WHEN OLD.`created_at` >= (SELECT `counted_from` FROM `trending_window`) BEGIN
  UPDATE `connections` SET `week_comments` = `week_comments` - 1 WHERE `id` = OLD.`connection_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `comments_week_moved` AFTER UPDATE OF `created_at`, `connection_id` ON `comments` BEGIN
  UPDATE `connections` SET `week_comments` = `week_comments` - 1
    WHERE `id` = OLD.`connection_id` AND OLD.`created_at` >= (SELECT `counted_from` FROM `trending_window`);
  UPDATE `connections` SET `week_comments` = `week_comments` + 1
    WHERE `id` = NEW.`connection_id` AND NEW.`created_at` >= (SELECT `counted_from` FROM `trending_window`);
END;
