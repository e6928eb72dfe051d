-- Search documents per connection (decision 038): a connection's own text and copies of its movie's and book's
-- text in one FTS5 row, whose rowid is the connection's posting order (`seq`), so search reads its matches newest
-- first from the index and stops after a page or a capped count. movie_search and book_search stay for the create
-- page's title suggestions.
ALTER TABLE `connections` ADD `seq` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `connections_seq` ON `connections` (`seq`);--> statement-breakpoint
UPDATE `connections` SET `seq` = `ordered`.`n`
  FROM (SELECT `id`, row_number() OVER (ORDER BY `created_at`, `id`) AS `n` FROM `connections`) AS `ordered`
  WHERE `ordered`.`id` = `connections`.`id`;--> statement-breakpoint
-- New rows are numbered as they come; an insert that brings its own (the benchmark's generator) keeps it.
CREATE TRIGGER `connections_sequenced` AFTER INSERT ON `connections` WHEN NEW.`seq` IS NULL BEGIN
  UPDATE `connections` SET `seq` = (SELECT coalesce(max(`seq`), 0) + 1 FROM `connections`) WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE VIRTUAL TABLE `connection_documents` USING fts5(`connection_id` UNINDEXED, `body`, `movie`, `book`, tokenize = 'trigram');--> statement-breakpoint
WITH `own` AS MATERIALIZED (SELECT `connection_id`, max(`body`) AS `body` FROM `connection_search` GROUP BY `connection_id`),
  `movie_texts` AS MATERIALIZED (SELECT `movie_id`, max(`body`) AS `body` FROM `movie_search` GROUP BY `movie_id`),
  `book_texts` AS MATERIALIZED (SELECT `book_id`, max(`body`) AS `body` FROM `book_search` GROUP BY `book_id`)
INSERT INTO `connection_documents` (`rowid`, `connection_id`, `body`, `movie`, `book`)
  SELECT `c`.`seq`, `c`.`id`, `own`.`body`, `movie_texts`.`body`, `book_texts`.`body` FROM `connections` AS `c`
  LEFT JOIN `own` ON `own`.`connection_id` = `c`.`id`
  LEFT JOIN `movie_texts` ON `movie_texts`.`movie_id` = `c`.`movie_id`
  LEFT JOIN `book_texts` ON `book_texts`.`book_id` = `c`.`book_id`;--> statement-breakpoint
DROP TABLE `connection_search`;--> statement-breakpoint
ALTER TABLE `connection_documents` RENAME TO `connection_search`;
