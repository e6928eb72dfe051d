CREATE INDEX `books_cover_key` ON `books` (`cover_key`) WHERE "books"."cover_key" is not null;--> statement-breakpoint
CREATE INDEX `connections_screenshot_key` ON `connections` (`screenshot_key`,`owner_private`) WHERE "connections"."screenshot_key" is not null;--> statement-breakpoint
CREATE INDEX `connections_movie_poster_key` ON `connections` (`movie_poster_key`,`owner_private`) WHERE "connections"."movie_poster_key" is not null;--> statement-breakpoint
CREATE INDEX `connections_book_cover_key` ON `connections` (`book_cover_key`,`owner_private`) WHERE "connections"."book_cover_key" is not null;--> statement-breakpoint
CREATE INDEX `movies_poster_key` ON `movies` (`poster_key`) WHERE "movies"."poster_key" is not null;