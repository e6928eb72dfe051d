-- Full-text search over connections (API.md: substring match, case-insensitive, over movie, book, context and
-- tags). Drizzle cannot declare virtual tables, so this one is hand-written. The trigram tokenizer answers
-- substring queries of 3+ characters from the index instead of scanning every row; the body is rebuilt by
-- the connections service whenever a connection, its tags, or its movie or book change.
CREATE VIRTUAL TABLE `connection_search` USING fts5(
	`connection_id` UNINDEXED,
	`body`,
	tokenize = 'trigram'
);
