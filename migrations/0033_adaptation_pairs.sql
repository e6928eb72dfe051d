-- A movie and book pair's verdict is shown only where the viewer may see one of its adaptations (decision 018's
-- addendum): this answers that question with one seek, carrying what the privacy rule reads.
CREATE INDEX `connections_adaptation_pair` ON `connections` (`movie_id`,`book_id`,`owner_private`,`user_id`) WHERE "connections"."kind" = 'adaptation';
