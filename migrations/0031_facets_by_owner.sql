-- Each filter value's row carries its connection's owner, copied like the tag rows' (0024) by a trigger, and both
-- newest-first indexes end with it: a filtered Following page that walks a genre's, a person's or a tag's entries
-- keeps only the followed members' on the index, instead of looking up every other member's connection by id to
-- learn whose it is (decision 045's addendum). A connection never changes owner.
DROP INDEX `connection_facets_newest`;--> statement-breakpoint
ALTER TABLE `connection_facets` ADD `user_id` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `connection_facets` SET `user_id` = (SELECT c.`user_id` FROM `connections` c WHERE c.`id` = `connection_facets`.`connection_id`);--> statement-breakpoint
CREATE INDEX `connection_facets_newest` ON `connection_facets` (`facet`,`value`,`created_at`,`connection_id`,`user_id`);--> statement-breakpoint
DROP INDEX `connection_tags_newest`;--> statement-breakpoint
CREATE INDEX `connection_tags_newest` ON `connection_tags` (`tag`,`created_at`,`connection_id`,`user_id`);--> statement-breakpoint
CREATE TRIGGER `connection_facets_owned` AFTER INSERT ON `connection_facets` BEGIN
  UPDATE `connection_facets` SET `user_id` = (SELECT c.`user_id` FROM `connections` c WHERE c.`id` = NEW.`connection_id`)
    WHERE `rowid` = NEW.`rowid`;
END;
