-- Per-movie and per-book counts (0003) were superseded by facet_counts (0006) before anything read them in
-- production; the triggers that kept them go first, since SQLite cannot drop a column a trigger names.
DROP TRIGGER `connections_repointed`;--> statement-breakpoint
DROP TRIGGER `connections_inserted`;--> statement-breakpoint
DROP TRIGGER `connections_deleted`;--> statement-breakpoint
ALTER TABLE `books` DROP COLUMN `public_connections`;--> statement-breakpoint
ALTER TABLE `movies` DROP COLUMN `public_connections`;--> statement-breakpoint
-- As in 0003, without the movie and book counts.
CREATE TRIGGER `connections_inserted` AFTER INSERT ON `connections` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'public_connections' AND NEW.`owner_private` = 0;
  UPDATE `connections` SET `owner_private` = 1
    WHERE `id` = NEW.`id` AND `owner_private` = 0 AND EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id` AND `is_private` = 1);
END;
--> statement-breakpoint
CREATE TRIGGER `connections_deleted` AFTER DELETE ON `connections` WHEN OLD.`owner_private` = 0 BEGIN
  UPDATE `counters` SET `value` = `value` - 1 WHERE `name` = 'public_connections';
END;
