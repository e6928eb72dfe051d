-- Each tag row carries its connection's owner, copied like its `created_at` (0005), so the tags of a member's
-- connections are one index range: the popular tags add those of the private members a viewer follows from it
-- instead of visiting each of their connections (decision 042). A connection never changes owner.
ALTER TABLE `connection_tags` ADD `user_id` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `connection_tags` SET `user_id` = (SELECT c.`user_id` FROM `connections` c WHERE c.`id` = `connection_tags`.`connection_id`);--> statement-breakpoint
CREATE INDEX `connection_tags_owner` ON `connection_tags` (`user_id`,`tag`);--> statement-breakpoint
DROP TRIGGER `connection_tags_dated`;--> statement-breakpoint
CREATE TRIGGER `connection_tags_dated` AFTER INSERT ON `connection_tags` BEGIN
  UPDATE `connection_tags` SET (`created_at`, `user_id`) = (SELECT c.`created_at`, c.`user_id` FROM `connections` c WHERE c.`id` = NEW.`connection_id`)
    WHERE `connection_id` = NEW.`connection_id` AND `tag` = NEW.`tag`;
END;
