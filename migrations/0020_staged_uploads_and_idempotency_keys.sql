CREATE TABLE `idempotency_keys` (
	`user_id` text NOT NULL,
	`key` text NOT NULL,
	`fingerprint` text NOT NULL,
	`connection_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connection_id`) REFERENCES `connections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_connection` ON `idempotency_keys` (`connection_id`);--> statement-breakpoint
CREATE INDEX `idempotency_keys_oldest` ON `idempotency_keys` (`created_at`);--> statement-breakpoint
CREATE TABLE `staged_uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`field` text NOT NULL,
	`image_key` text NOT NULL,
	`file_name` text NOT NULL,
	`digest` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`claimed_at` integer
);
--> statement-breakpoint
CREATE INDEX `staged_uploads_user` ON `staged_uploads` (`user_id`);--> statement-breakpoint
CREATE INDEX `staged_uploads_due` ON `staged_uploads` (`claimed_at`,`created_at`);