-- Search indexes per entity (replaces the single per-connection document of 0001). A connection matches when
-- its own text (context and tags), its movie's text, or its book's text contains the term; keeping movies and
-- books in their own indexes means a later post that fills in a movie's empty fields updates one row instead
-- of every connection that features the movie. Trigram tokenizer: substring matches of 3+ characters come
-- from the index, without scanning every row.
DROP TABLE IF EXISTS `connection_search`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `connection_search` USING fts5(`connection_id` UNINDEXED, `body`, tokenize = 'trigram');
--> statement-breakpoint
CREATE VIRTUAL TABLE `movie_search` USING fts5(`movie_id` UNINDEXED, `body`, tokenize = 'trigram');
--> statement-breakpoint
CREATE VIRTUAL TABLE `book_search` USING fts5(`book_id` UNINDEXED, `body`, tokenize = 'trigram');
