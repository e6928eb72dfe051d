DROP INDEX `books_title_author_ci`;--> statement-breakpoint
ALTER TABLE `books` ADD `title_key` text;--> statement-breakpoint
ALTER TABLE `books` ADD `author_key` text;--> statement-breakpoint
ALTER TABLE `books` ADD `open_library_id` text;--> statement-breakpoint
ALTER TABLE `books` ADD `isbn13` text;--> statement-breakpoint
ALTER TABLE `books` ADD `wikidata_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `books_identity` ON `books` (`title_key`,`author_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `books_open_library` ON `books` (`open_library_id`) WHERE "books"."open_library_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `books_isbn13` ON `books` (`isbn13`) WHERE "books"."isbn13" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `books_wikidata` ON `books` (`wikidata_id`) WHERE "books"."wikidata_id" is not null;--> statement-breakpoint
DROP INDEX `movies_title_ci`;--> statement-breakpoint
ALTER TABLE `movies` ADD `title_key` text;--> statement-breakpoint
ALTER TABLE `movies` ADD `tmdb_id` text;--> statement-breakpoint
ALTER TABLE `movies` ADD `imdb_id` text;--> statement-breakpoint
ALTER TABLE `movies` ADD `wikidata_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `movies_identity` ON `movies` (`title_key`,`year`);--> statement-breakpoint
CREATE UNIQUE INDEX `movies_identity_yearless` ON `movies` (`title_key`) WHERE "movies"."year" is null;--> statement-breakpoint
CREATE UNIQUE INDEX `movies_tmdb` ON `movies` (`tmdb_id`) WHERE "movies"."tmdb_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `movies_imdb` ON `movies` (`imdb_id`) WHERE "movies"."imdb_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `movies_wikidata` ON `movies` (`wikidata_id`) WHERE "movies"."wikidata_id" is not null;