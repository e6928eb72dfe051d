DROP INDEX `connections_user_newest`;--> statement-breakpoint
DROP INDEX `connections_movie_newest`;--> statement-breakpoint
DROP INDEX `connections_book_newest`;--> statement-breakpoint
CREATE INDEX `connections_user_newest` ON `connections` (`user_id`,`created_at`,`id`,`owner_private`);--> statement-breakpoint
CREATE INDEX `connections_movie_newest` ON `connections` (`movie_id`,`created_at`,`id`,`owner_private`,`user_id`);--> statement-breakpoint
CREATE INDEX `connections_book_newest` ON `connections` (`book_id`,`created_at`,`id`,`owner_private`,`user_id`);