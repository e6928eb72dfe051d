-- The ranked sorts' indexes list every connection, those whose kept number is 0 too, not only those above it. A ranked
-- page past the ranked rows (top this week's page 500) read the rest newest first from all connections, leaving the
-- ranked ones out through a lookup of every ranked id; it now reads the connections at 0 from this index, newest
-- first (decision 031's second addendum).
DROP INDEX `connections_week_likes`;--> statement-breakpoint
DROP INDEX `connections_week_comments`;--> statement-breakpoint
CREATE INDEX `connections_week_likes` ON `connections` ("week_likes" desc,"created_at" desc,"id" desc,`owner_private`,`user_id`);--> statement-breakpoint
CREATE INDEX `connections_week_comments` ON `connections` ("week_comments" desc,"created_at" desc,"id" desc,`owner_private`,`user_id`);
