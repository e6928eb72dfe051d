-- A tag's connections newest first, from the index alone: the feed's tag filter (every tag on a card links to
-- it) then reads ten index entries instead of checking every connection for a rare tag.
DROP INDEX `connection_tags_tag`;--> statement-breakpoint
ALTER TABLE `connection_tags` ADD `created_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `connection_tags` SET `created_at` = (SELECT c.`created_at` FROM `connections` c WHERE c.`id` = `connection_tags`.`connection_id`);--> statement-breakpoint
CREATE INDEX `connection_tags_newest` ON `connection_tags` (`tag`,`created_at`,`connection_id`);--> statement-breakpoint
CREATE TRIGGER `connection_tags_dated` AFTER INSERT ON `connection_tags` BEGIN
  UPDATE `connection_tags` SET `created_at` = (SELECT c.`created_at` FROM `connections` c WHERE c.`id` = NEW.`connection_id`)
    WHERE `connection_id` = NEW.`connection_id` AND `tag` = NEW.`tag`;
END;
