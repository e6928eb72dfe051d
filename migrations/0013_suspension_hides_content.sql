-- Suspension hides a member's connections from everyone but moderators (decision 017). Each connection's copy of
-- its owner's visibility (`owner_private`) becomes a bit set: 1 = the owner is private, 2 = the owner is
-- suspended, 0 = anyone may see it. The kept counts go on counting the rows at 0, so the triggers that move a
-- connection in or out of them now ask whether it was or is at 0, not whether the value changed: a private
-- member's suspension (1 to 3) must not uncount their connections a second time. No backfill: nobody is
-- suspended before this migration.
DROP TRIGGER `users_privacy_changed`;--> statement-breakpoint
CREATE TRIGGER `users_privacy_changed` AFTER UPDATE OF `is_private`, `suspended_at` ON `users`
WHEN OLD.`is_private` <> NEW.`is_private` OR (OLD.`suspended_at` IS NULL) <> (NEW.`suspended_at` IS NULL) BEGIN
  UPDATE `connections` SET `owner_private` = NEW.`is_private` | (CASE WHEN NEW.`suspended_at` IS NULL THEN 0 ELSE 2 END)
    WHERE `user_id` = NEW.`id`;
END;
--> statement-breakpoint
DROP TRIGGER `connections_inserted`;--> statement-breakpoint
-- As in 0007, with the suspension bit: a post that was on its way while its author was suspended is hidden too.
CREATE TRIGGER `connections_inserted` AFTER INSERT ON `connections` BEGIN
  UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'public_connections' AND NEW.`owner_private` = 0;
  UPDATE `connections`
    SET `owner_private` = (SELECT `is_private` | (CASE WHEN `suspended_at` IS NULL THEN 0 ELSE 2 END) FROM `users` WHERE `id` = NEW.`user_id`)
    WHERE `id` = NEW.`id` AND `owner_private` = 0
      AND EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`user_id` AND (`is_private` = 1 OR `suspended_at` IS NOT NULL));
END;
--> statement-breakpoint
DROP TRIGGER `connections_privacy_changed`;--> statement-breakpoint
CREATE TRIGGER `connections_privacy_changed` AFTER UPDATE OF `owner_private` ON `connections`
WHEN (OLD.`owner_private` = 0) <> (NEW.`owner_private` = 0) BEGIN
  UPDATE `counters` SET `value` = `value` + (CASE NEW.`owner_private` WHEN 0 THEN 1 ELSE -1 END) WHERE `name` = 'public_connections';
  INSERT INTO `tag_counts` (`tag`, `public_connections`)
    SELECT `tag`, 0 FROM `connection_tags` WHERE `connection_id` = NEW.`id` AND true
    ON CONFLICT (`tag`) DO NOTHING;
  UPDATE `tag_counts` SET `public_connections` = `public_connections` + (CASE NEW.`owner_private` WHEN 0 THEN 1 ELSE -1 END)
    WHERE `tag` IN (SELECT `tag` FROM `connection_tags` WHERE `connection_id` = NEW.`id`);
END;
--> statement-breakpoint
DROP TRIGGER `connection_facets_privacy_changed`;--> statement-breakpoint
CREATE TRIGGER `connection_facets_privacy_changed` AFTER UPDATE OF `owner_private` ON `connections`
WHEN (OLD.`owner_private` = 0) <> (NEW.`owner_private` = 0) BEGIN
  INSERT INTO `facet_counts` (`facet`, `value`, `public_connections`)
    SELECT `facet`, `value`, 0 FROM `connection_facets` WHERE `connection_id` = NEW.`id` AND true
    ON CONFLICT (`facet`, `value`) DO NOTHING;
  UPDATE `facet_counts` SET `public_connections` = `public_connections` + (CASE NEW.`owner_private` WHEN 0 THEN 1 ELSE -1 END)
    WHERE (`facet`, `value`) IN (SELECT `facet`, `value` FROM `connection_facets` WHERE `connection_id` = NEW.`id`);
END;
