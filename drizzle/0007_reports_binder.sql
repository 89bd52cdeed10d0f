CREATE TABLE `reports_binder` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pdf_file` text DEFAULT '' NOT NULL,
	`date` text,
	`work_order` text NOT NULL,
	`engineer_initials` text DEFAULT '' NOT NULL,
	`billing` text DEFAULT '' NOT NULL,
	`date_sent` text,
	`page_label` text DEFAULT '' NOT NULL,
	`created_by` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_by` text DEFAULT '' NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `binder_date_idx` ON `reports_binder` (`date`,`id`);--> statement-breakpoint
CREATE INDEX `binder_wo_idx` ON `reports_binder` (`work_order`,`id`);--> statement-breakpoint
CREATE INDEX `binder_eng_idx` ON `reports_binder` (`engineer_initials`,`id`);--> statement-breakpoint
CREATE INDEX `binder_billing_idx` ON `reports_binder` (`billing`,`id`);--> statement-breakpoint
CREATE INDEX `binder_sent_idx` ON `reports_binder` (`date_sent`,`id`);--> statement-breakpoint
CREATE INDEX `binder_eng_date_billing_idx` ON `reports_binder` (`engineer_initials`,`date`,`billing`);