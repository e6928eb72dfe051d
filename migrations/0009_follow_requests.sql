CREATE TABLE `follow_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`requester_id` text NOT NULL,
	`target_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`requester_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`target_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "follow_requests_not_self" CHECK("follow_requests"."requester_id" <> "follow_requests"."target_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `follow_requests_pair` ON `follow_requests` (`requester_id`,`target_id`);--> statement-breakpoint
CREATE INDEX `follow_requests_target_newest` ON `follow_requests` (`target_id`,`created_at`,`id`);