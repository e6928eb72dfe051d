CREATE TABLE `verdict_votes` (
	`movie_id` text NOT NULL,
	`book_id` text NOT NULL,
	`user_id` text NOT NULL,
	`choice` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`movie_id`, `book_id`, `user_id`),
	FOREIGN KEY (`movie_id`) REFERENCES `movies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `verdict_votes_user` ON `verdict_votes` (`user_id`);--> statement-breakpoint
CREATE TABLE `verdicts` (
	`movie_id` text NOT NULL,
	`book_id` text NOT NULL,
	`book` integer DEFAULT 0 NOT NULL,
	`film` integer DEFAULT 0 NOT NULL,
	`tie` integer DEFAULT 0 NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`movie_id`, `book_id`),
	FOREIGN KEY (`movie_id`) REFERENCES `movies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `verdicts_book` ON `verdicts` (`book_id`,`movie_id`);--> statement-breakpoint
CREATE INDEX `verdicts_most_debated` ON `verdicts` (("total" - abs("book" - "film")) desc);--> statement-breakpoint
CREATE INDEX `verdicts_clearest` ON `verdicts` ((abs("book" - "film") * 1.0 / "total") desc,"total" desc);--> statement-breakpoint
ALTER TABLE `connections` ADD `kind` text DEFAULT 'other' NOT NULL;--> statement-breakpoint
CREATE INDEX `connections_kind_newest` ON `connections` (`kind`,`created_at`,`id`,`owner_private`,`user_id`);