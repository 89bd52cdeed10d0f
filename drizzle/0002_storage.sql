CREATE TABLE `storage_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ts` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`db` text NOT NULL,
	`key` text NOT NULL,
	`action` text NOT NULL,
	`actor` text NOT NULL,
	`from_key` text,
	`size` integer
);
--> statement-breakpoint
CREATE INDEX `storage_events_ts_idx` ON `storage_events` (`ts`,`id`);--> statement-breakpoint
CREATE INDEX `storage_events_db_ts_idx` ON `storage_events` (`db`,`ts`,`id`);