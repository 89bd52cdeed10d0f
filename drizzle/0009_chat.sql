CREATE TABLE `chat_answers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ts` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`user_email` text NOT NULL,
	`db` text NOT NULL,
	`cached` integer DEFAULT false NOT NULL,
	`model` text DEFAULT '' NOT NULL,
	`ms` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `chat_answers_ts_idx` ON `chat_answers` (`ts`);--> statement-breakpoint
CREATE TABLE `chat_cache` (
	`key` text PRIMARY KEY NOT NULL,
	`db` text NOT NULL,
	`version` text NOT NULL,
	`answer` text NOT NULL,
	`sources` text DEFAULT '[]' NOT NULL,
	`model` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `chat_cache_db_idx` ON `chat_cache` (`db`,`version`);--> statement-breakpoint
CREATE TABLE `chat_feedback` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`history_id` integer,
	`user_email` text NOT NULL,
	`db` text NOT NULL,
	`question` text NOT NULL,
	`answer` text NOT NULL,
	`rating` text NOT NULL,
	`comment` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chat_feedback_history_idx` ON `chat_feedback` (`history_id`);--> statement-breakpoint
CREATE INDEX `chat_feedback_created_idx` ON `chat_feedback` (`created_at`);--> statement-breakpoint
CREATE TABLE `chat_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_email` text NOT NULL,
	`db` text NOT NULL,
	`question` text NOT NULL,
	`answer` text NOT NULL,
	`sources` text DEFAULT '[]' NOT NULL,
	`cached` integer DEFAULT false NOT NULL,
	`model` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `chat_history_user_db_idx` ON `chat_history` (`user_email`,`db`,`id`);