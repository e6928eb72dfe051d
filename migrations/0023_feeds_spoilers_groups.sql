ALTER TABLE `comments` ADD `spoiler` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `comments_recent` ON `comments` (`created_at`,`connection_id`,`user_id`);--> statement-breakpoint
ALTER TABLE `connections` ADD `context_spoiler` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `connection_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `users_most_active` ON `users` ("connection_count" desc,`id`) WHERE "users"."is_private" = 0 and "users"."suspended_at" is null;--> statement-breakpoint
CREATE INDEX `likes_recent` ON `likes` (`created_at`,`connection_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `notifications_group` ON `notifications` (`recipient_id`,`connection_id`,`type`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_unread` ON `notifications` (`recipient_id`,`type`,`connection_id`,`id`) WHERE "notifications"."read" = 0;--> statement-breakpoint
-- Each member's number of connections, kept by the connections' own triggers (decision 031): the Following feed's
-- page count adds up the followed members' counts instead of counting their rows, and the members suggested to
-- follow are read from the top of `users_most_active`. A connection never changes member, so insert and delete
-- are all there is; deleting a member cascades to their connections after their row is gone, so the uncounting
-- then finds no row.
CREATE TRIGGER `connections_member_counted` AFTER INSERT ON `connections` BEGIN
  UPDATE `users` SET `connection_count` = `connection_count` + 1 WHERE `id` = NEW.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `connections_member_uncounted` AFTER DELETE ON `connections` BEGIN
  UPDATE `users` SET `connection_count` = `connection_count` - 1 WHERE `id` = OLD.`user_id`;
END;
--> statement-breakpoint
UPDATE `users` SET `connection_count` = (SELECT count(*) FROM `connections` WHERE `connections`.`user_id` = `users`.`id`);
