CREATE TABLE `moderation_actions` (
	`id` text PRIMARY KEY NOT NULL,
	`moderator_id` text,
	`actor_name` text NOT NULL,
	`action` text NOT NULL,
	`case_id` text,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`summary` text NOT NULL,
	`url` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`moderator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `moderation_actions_newest` ON `moderation_actions` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `moderation_actions_moderator` ON `moderation_actions` (`moderator_id`);--> statement-breakpoint
CREATE TABLE `report_cases` (
	`id` text PRIMARY KEY NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`target_user_id` text NOT NULL,
	`summary` text NOT NULL,
	`url` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`resolved_at` integer,
	`resolved_by` text,
	`action` text,
	`resolution_note` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`target_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `report_cases_open_target` ON `report_cases` (`target_type`,`target_id`) WHERE "report_cases"."status" = 'open';--> statement-breakpoint
CREATE INDEX `report_cases_queue` ON `report_cases` (`status`,`resolved_at`);--> statement-breakpoint
CREATE INDEX `report_cases_target_user` ON `report_cases` (`target_user_id`);--> statement-breakpoint
CREATE INDEX `report_cases_resolved_by` ON `report_cases` (`resolved_by`);--> statement-breakpoint
CREATE TABLE `reports` (
	`id` text PRIMARY KEY NOT NULL,
	`case_id` text NOT NULL,
	`reporter_id` text NOT NULL,
	`reason` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`case_id`) REFERENCES `report_cases`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reports_once_per_case` ON `reports` (`case_id`,`reporter_id`);--> statement-breakpoint
CREATE INDEX `reports_reporter` ON `reports` (`reporter_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `role` text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `suspended_at` integer;--> statement-breakpoint
CREATE INDEX `users_suspended` ON `users` (`id`) WHERE "users"."suspended_at" is not null;