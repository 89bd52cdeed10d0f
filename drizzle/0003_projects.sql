CREATE TABLE `projects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`work_order` text NOT NULL,
	`wo_key` text NOT NULL,
	`client` text DEFAULT '' NOT NULL,
	`project` text DEFAULT '' NOT NULL,
	`pr` text DEFAULT '' NOT NULL,
	`date` text DEFAULT '' NOT NULL,
	`principal_engineer` text DEFAULT '' NOT NULL,
	`invoice_number` text DEFAULT '' NOT NULL,
	`final_report_date` text DEFAULT '' NOT NULL,
	`source` text DEFAULT 'import' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `projects_wo_key_uq` ON `projects` (`wo_key`);--> statement-breakpoint
CREATE INDEX `projects_source_idx` ON `projects` (`source`);