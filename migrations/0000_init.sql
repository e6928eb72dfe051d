CREATE TABLE `book_genres` (
	`book_id` text NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`name_lower` text NOT NULL,
	PRIMARY KEY(`book_id`, `name_lower`),
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `book_genres_name` ON `book_genres` (`name_lower`,`book_id`);--> statement-breakpoint
CREATE TABLE `books` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`author` text DEFAULT '' NOT NULL,
	`publication_year` integer,
	`isbn` text DEFAULT '' NOT NULL,
	`synopsis` text DEFAULT '' NOT NULL,
	`cover_key` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `books_title_author_ci` ON `books` (lower("title"),lower("author"));--> statement-breakpoint
CREATE INDEX `books_author_ci` ON `books` (lower("author"));--> statement-breakpoint
CREATE TABLE `comments` (
	`id` text PRIMARY KEY NOT NULL,
	`connection_id` text NOT NULL,
	`user_id` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`connection_id`) REFERENCES `connections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `comments_connection_oldest` ON `comments` (`connection_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `comments_user` ON `comments` (`user_id`);--> statement-breakpoint
CREATE TABLE `connection_tags` (
	`connection_id` text NOT NULL,
	`tag` text NOT NULL,
	PRIMARY KEY(`connection_id`, `tag`),
	FOREIGN KEY (`connection_id`) REFERENCES `connections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `connection_tags_tag` ON `connection_tags` (`tag`,`connection_id`);--> statement-breakpoint
CREATE TABLE `connections` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`movie_id` text,
	`book_id` text,
	`context` text DEFAULT '' NOT NULL,
	`screenshot_key` text,
	`movie_poster_key` text,
	`book_cover_key` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`movie_id`) REFERENCES `movies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `connections_newest` ON `connections` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `connections_user_newest` ON `connections` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `connections_movie_newest` ON `connections` (`movie_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `connections_book_newest` ON `connections` (`book_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `favorites` (
	`user_id` text NOT NULL,
	`connection_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `connection_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connection_id`) REFERENCES `connections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `favorites_connection` ON `favorites` (`connection_id`);--> statement-breakpoint
CREATE INDEX `favorites_user_newest` ON `favorites` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `follows` (
	`follower_id` text NOT NULL,
	`followee_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`follower_id`, `followee_id`),
	FOREIGN KEY (`follower_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`followee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "follows_not_self" CHECK("follows"."follower_id" <> "follows"."followee_id")
);
--> statement-breakpoint
CREATE INDEX `follows_followee` ON `follows` (`followee_id`,`follower_id`);--> statement-breakpoint
CREATE TABLE `likes` (
	`connection_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`connection_id`, `user_id`),
	FOREIGN KEY (`connection_id`) REFERENCES `connections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `likes_user` ON `likes` (`user_id`);--> statement-breakpoint
CREATE TABLE `movie_actors` (
	`movie_id` text NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`name_lower` text NOT NULL,
	PRIMARY KEY(`movie_id`, `name_lower`),
	FOREIGN KEY (`movie_id`) REFERENCES `movies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `movie_actors_name` ON `movie_actors` (`name_lower`,`movie_id`);--> statement-breakpoint
CREATE TABLE `movie_genres` (
	`movie_id` text NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`name_lower` text NOT NULL,
	PRIMARY KEY(`movie_id`, `name_lower`),
	FOREIGN KEY (`movie_id`) REFERENCES `movies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `movie_genres_name` ON `movie_genres` (`name_lower`,`movie_id`);--> statement-breakpoint
CREATE TABLE `movies` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`year` integer,
	`director` text DEFAULT '' NOT NULL,
	`synopsis` text DEFAULT '' NOT NULL,
	`poster_key` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `movies_title_ci` ON `movies` (lower("title"));--> statement-breakpoint
CREATE INDEX `movies_director_ci` ON `movies` (lower("director"));--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`recipient_id` text NOT NULL,
	`sender_id` text NOT NULL,
	`type` text NOT NULL,
	`connection_id` text,
	`comment_id` text,
	`dedupe_key` text,
	`link` text DEFAULT '' NOT NULL,
	`message` text NOT NULL,
	`read` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`recipient_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connection_id`) REFERENCES `connections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_recipient_newest` ON `notifications` (`recipient_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_connection` ON `notifications` (`connection_id`);--> statement-breakpoint
CREATE INDEX `notifications_comment` ON `notifications` (`comment_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_dedupe` ON `notifications` (`recipient_id`,`sender_id`,`dedupe_key`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`username` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`display_name` text DEFAULT '' NOT NULL,
	`bio` text DEFAULT '' NOT NULL,
	`location` text DEFAULT '' NOT NULL,
	`picture_key` text,
	`is_private` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_ci` ON `users` (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_ci` ON `users` (lower("email"));--> statement-breakpoint
CREATE INDEX `users_public_by_username` ON `users` (`is_private`,lower("username"));