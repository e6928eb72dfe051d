-- A connection's child rows (tags, filter values, likes, favorites, comments, the notifications of both) are
-- deleted by their foreign keys' ON DELETE CASCADE alone (decision 012); these triggers deleted tags and filter
-- values a second time. The cascade runs after the connection row is gone, when the tag and filter value
-- triggers can no longer read whether it was public, so its counts come off here, while the row still exists.
DROP TRIGGER `connections_deleting`;--> statement-breakpoint
DROP TRIGGER `connection_facets_before_delete`;--> statement-breakpoint
CREATE TRIGGER `connections_uncounted` BEFORE DELETE ON `connections` WHEN OLD.`owner_private` = 0 BEGIN
  UPDATE `tag_counts` SET `public_connections` = `public_connections` - 1
    WHERE `tag` IN (SELECT `tag` FROM `connection_tags` WHERE `connection_id` = OLD.`id`);
  UPDATE `facet_counts` SET `public_connections` = `public_connections` - 1
    WHERE (`facet`, `value`) IN (SELECT `facet`, `value` FROM `connection_facets` WHERE `connection_id` = OLD.`id`);
END;
