-- People's slugs beside their names (decision 021): a director's, an author's and each actor's, indexed, for their
-- pages and the filters. Null until scripts/backfills/person-slugs.ts writes them after the migrations; every
-- write path sets them from then on. facet_counts_popular lists a filter's most featured values.
ALTER TABLE `books` ADD `author_slug` text;--> statement-breakpoint
CREATE INDEX `books_author_slug` ON `books` (`author_slug`);--> statement-breakpoint
ALTER TABLE `movie_actors` ADD `slug` text;--> statement-breakpoint
CREATE INDEX `movie_actors_slug` ON `movie_actors` (`slug`,`movie_id`);--> statement-breakpoint
ALTER TABLE `movies` ADD `director_slug` text;--> statement-breakpoint
CREATE INDEX `movies_director_slug` ON `movies` (`director_slug`);--> statement-breakpoint
CREATE INDEX `facet_counts_popular` ON `facet_counts` (`facet`,"public_connections" desc,`value`);