-- A tag row's count moves with the owner the row names (`user_id`), on both sides, as its delete already uncounts
-- it (0027). 0027 counted the new side under the owner of the new connection, which the row itself does not record
-- (0024 copies the owner on insert only): a row moved to another member's connection would have been counted for
-- one owner and later uncounted from another. No code moves a tag row today; the counts now cannot drift if one does.
DROP TRIGGER `owner_tag_counts_moved`;--> statement-breakpoint
CREATE TRIGGER `owner_tag_counts_moved` AFTER UPDATE OF `tag`, `connection_id` ON `connection_tags` BEGIN
  UPDATE `owner_tag_counts` SET `connections` = `connections` - 1 WHERE `user_id` = OLD.`user_id` AND `tag` = OLD.`tag`;
  DELETE FROM `owner_tag_counts` WHERE `user_id` = OLD.`user_id` AND `tag` = OLD.`tag` AND `connections` <= 0;
  INSERT INTO `owner_tag_counts` (`user_id`, `tag`, `connections`) VALUES (NEW.`user_id`, NEW.`tag`, 1)
    ON CONFLICT (`user_id`, `tag`) DO UPDATE SET `connections` = `connections` + 1;
END;
