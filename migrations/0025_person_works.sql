-- A person's page lists their films and books newest year first, unknown years last, then by title, at most 50
-- of each (decision 021). Each role is now one index range in that order, read for its first 50 rows, instead
-- of every credit gathered and sorted (the most credited people have thousands). An actor's row copies its movie's
-- year and title to be ordered by them: the insert trigger copies them, and the movie's trigger follows its year
-- (a later post may fill it in) and title.
CREATE INDEX `books_author_works` ON `books` (`author_slug`,"publication_year" desc,`title`,`id`);--> statement-breakpoint
CREATE INDEX `movies_director_works` ON `movies` (`director_slug`,"year" desc,`title`,`id`);--> statement-breakpoint
ALTER TABLE `movie_actors` ADD `movie_year` integer;--> statement-breakpoint
ALTER TABLE `movie_actors` ADD `movie_title` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `movie_actors` SET (`movie_year`, `movie_title`) = (SELECT m.`year`, m.`title` FROM `movies` m WHERE m.`id` = `movie_actors`.`movie_id`);--> statement-breakpoint
CREATE INDEX `movie_actors_works` ON `movie_actors` (`slug`,"movie_year" desc,`movie_title`,`movie_id`);--> statement-breakpoint
CREATE TRIGGER `movie_actors_work_copied` AFTER INSERT ON `movie_actors` BEGIN
  UPDATE `movie_actors` SET (`movie_year`, `movie_title`) = (SELECT m.`year`, m.`title` FROM `movies` m WHERE m.`id` = NEW.`movie_id`)
    WHERE `movie_id` = NEW.`movie_id` AND `name_lower` = NEW.`name_lower`;
END;
--> statement-breakpoint
CREATE TRIGGER `movie_actors_work_moved` AFTER UPDATE OF `movie_id` ON `movie_actors`
WHEN OLD.`movie_id` IS NOT NEW.`movie_id` BEGIN
  UPDATE `movie_actors` SET (`movie_year`, `movie_title`) = (SELECT m.`year`, m.`title` FROM `movies` m WHERE m.`id` = NEW.`movie_id`)
    WHERE `movie_id` = NEW.`movie_id` AND `name_lower` = NEW.`name_lower`;
END;
--> statement-breakpoint
CREATE TRIGGER `movies_work_order_changed` AFTER UPDATE OF `year`, `title` ON `movies`
WHEN OLD.`year` IS NOT NEW.`year` OR OLD.`title` IS NOT NEW.`title` BEGIN
  UPDATE `movie_actors` SET (`movie_year`, `movie_title`) = (NEW.`year`, NEW.`title`) WHERE `movie_id` = NEW.`id`;
END;
