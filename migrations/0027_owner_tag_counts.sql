-- The popular tags a viewer sees add the tags of the private members they follow (decision 042). They were summed
-- from those members' tag rows, one per tagged connection; each member's count per tag is now kept instead, so the
-- sum reads one row per member and tag. A removed tag row names its owner itself (0024), so its count is left even
-- when a cascade has already deleted its connection. `connection_tags_owner` served only that sum. WITHOUT ROWID
-- (written here by hand; drizzle-kit has no word for it) keeps each count in its key's b-tree: a member's counts
-- are one range read, not a lookup per row.
CREATE TABLE `owner_tag_counts` (
	`user_id` text NOT NULL,
	`tag` text NOT NULL,
	`connections` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `tag`)
) WITHOUT ROWID;
--> statement-breakpoint
DROP INDEX `connection_tags_owner`;--> statement-breakpoint
INSERT INTO `owner_tag_counts` (`user_id`, `tag`, `connections`)
  SELECT c.`user_id`, t.`tag`, count(*) FROM `connection_tags` t JOIN `connections` c ON c.`id` = t.`connection_id`
  GROUP BY c.`user_id`, t.`tag`;--> statement-breakpoint
CREATE TRIGGER `owner_tag_counts_counted` AFTER INSERT ON `connection_tags` BEGIN
  INSERT INTO `owner_tag_counts` (`user_id`, `tag`, `connections`)
    SELECT c.`user_id`, NEW.`tag`, 1 FROM `connections` c WHERE c.`id` = NEW.`connection_id`
    ON CONFLICT (`user_id`, `tag`) DO UPDATE SET `connections` = `connections` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `owner_tag_counts_uncounted` AFTER DELETE ON `connection_tags` BEGIN
  UPDATE `owner_tag_counts` SET `connections` = `connections` - 1 WHERE `user_id` = OLD.`user_id` AND `tag` = OLD.`tag`;
  DELETE FROM `owner_tag_counts` WHERE `user_id` = OLD.`user_id` AND `tag` = OLD.`tag` AND `connections` <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER `owner_tag_counts_moved` AFTER UPDATE OF `tag`, `connection_id` ON `connection_tags` BEGIN
  UPDATE `owner_tag_counts` SET `connections` = `connections` - 1 WHERE `user_id` = OLD.`user_id` AND `tag` = OLD.`tag`;
  DELETE FROM `owner_tag_counts` WHERE `user_id` = OLD.`user_id` AND `tag` = OLD.`tag` AND `connections` <= 0;
  INSERT INTO `owner_tag_counts` (`user_id`, `tag`, `connections`)
    SELECT c.`user_id`, NEW.`tag`, 1 FROM `connections` c WHERE c.`id` = NEW.`connection_id`
    ON CONFLICT (`user_id`, `tag`) DO UPDATE SET `connections` = `connections` + 1;
END;
