-- Each adaptation pair's tally in `verdicts`, kept by the votes' own triggers: a vote is counted when cast,
-- moved when changed and uncounted when withdrawn or cascaded away with its member, movie or book. Each
-- statement is one write of one row, so racing votes never lose a count.
CREATE TRIGGER `verdict_votes_inserted` AFTER INSERT ON `verdict_votes` BEGIN
  INSERT INTO `verdicts` (`movie_id`, `book_id`, `book`, `film`, `tie`, `total`)
  VALUES (NEW.`movie_id`, NEW.`book_id`, NEW.`choice` = 'book', NEW.`choice` = 'film', NEW.`choice` = 'tie', 1)
  ON CONFLICT (`movie_id`, `book_id`) DO UPDATE SET
    `book` = `book` + (NEW.`choice` = 'book'),
    `film` = `film` + (NEW.`choice` = 'film'),
    `tie` = `tie` + (NEW.`choice` = 'tie'),
    `total` = `total` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `verdict_votes_changed` AFTER UPDATE OF `choice` ON `verdict_votes` BEGIN
  UPDATE `verdicts` SET
    `book` = `book` + (NEW.`choice` = 'book') - (OLD.`choice` = 'book'),
    `film` = `film` + (NEW.`choice` = 'film') - (OLD.`choice` = 'film'),
    `tie` = `tie` + (NEW.`choice` = 'tie') - (OLD.`choice` = 'tie')
  WHERE `movie_id` = NEW.`movie_id` AND `book_id` = NEW.`book_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `verdict_votes_deleted` AFTER DELETE ON `verdict_votes` BEGIN
  UPDATE `verdicts` SET
    `book` = `book` - (OLD.`choice` = 'book'),
    `film` = `film` - (OLD.`choice` = 'film'),
    `tie` = `tie` - (OLD.`choice` = 'tie'),
    `total` = `total` - 1
  WHERE `movie_id` = OLD.`movie_id` AND `book_id` = OLD.`book_id`;
END;
