CREATE TABLE `core_box_counts` (
	`island` text NOT NULL,
	`year` integer NOT NULL,
	`complete` text NOT NULL,
	`keep_or_dump` text NOT NULL,
	`expiry_month` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`island`, `year`, `complete`, `keep_or_dump`, `expiry_month`)
);
--> statement-breakpoint
CREATE INDEX `core_box_counts_year_idx` ON `core_box_counts` (`year`);--> statement-breakpoint
CREATE INDEX `core_box_counts_expiry_idx` ON `core_box_counts` (`expiry_month`);--> statement-breakpoint
CREATE TABLE `core_boxes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`work_order` text NOT NULL,
	`project` text DEFAULT '' NOT NULL,
	`engineer` text DEFAULT '' NOT NULL,
	`report_submission_date` text,
	`storage_expiry_date` text,
	`complete` text DEFAULT 'No' NOT NULL,
	`keep_or_dump` text DEFAULT 'Keep' NOT NULL,
	`island` text,
	`year` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`created_by` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_by` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `core_boxes_work_order_uq` ON `core_boxes` (`work_order`);--> statement-breakpoint
CREATE INDEX `core_boxes_sort_work_order_idx` ON `core_boxes` (`work_order`,`island`,`year`,`complete`,`keep_or_dump`,`storage_expiry_date`);--> statement-breakpoint
CREATE INDEX `core_boxes_sort_project_idx` ON `core_boxes` ("project" collate nocase,`island`,`year`,`complete`,`keep_or_dump`,`storage_expiry_date`);--> statement-breakpoint
CREATE INDEX `core_boxes_sort_engineer_idx` ON `core_boxes` ("engineer" collate nocase,`island`,`year`,`complete`,`keep_or_dump`,`storage_expiry_date`);--> statement-breakpoint
CREATE INDEX `core_boxes_sort_submitted_idx` ON `core_boxes` (`report_submission_date`,`island`,`year`,`complete`,`keep_or_dump`,`storage_expiry_date`);--> statement-breakpoint
CREATE INDEX `core_boxes_sort_expiry_idx` ON `core_boxes` (`storage_expiry_date`,`island`,`year`,`complete`,`keep_or_dump`);--> statement-breakpoint
CREATE INDEX `core_boxes_sort_year_idx` ON `core_boxes` (`year`,`report_submission_date`,`island`,`complete`,`keep_or_dump`,`storage_expiry_date`);--> statement-breakpoint
CREATE INDEX `core_boxes_sort_island_idx` ON `core_boxes` (`island`,`report_submission_date`,`year`,`complete`,`keep_or_dump`,`storage_expiry_date`);--> statement-breakpoint
CREATE INDEX `core_boxes_island_project_idx` ON `core_boxes` (`island`,"project" collate nocase,`year`,`complete`,`keep_or_dump`,`storage_expiry_date`);--> statement-breakpoint
CREATE INDEX `core_boxes_sort_complete_idx` ON `core_boxes` (`complete`,`report_submission_date`,`island`,`year`,`keep_or_dump`,`storage_expiry_date`);--> statement-breakpoint
CREATE INDEX `core_boxes_sort_disposition_idx` ON `core_boxes` (`keep_or_dump`,`report_submission_date`,`island`,`year`,`complete`,`storage_expiry_date`);--> statement-breakpoint
CREATE TABLE `change_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`entity_id` integer NOT NULL,
	`action` text NOT NULL,
	`work_order` text DEFAULT '' NOT NULL,
	`user` text NOT NULL,
	`ts` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`before` text,
	`after` text,
	`batch_id` text,
	`restored_at` integer,
	`restored_by` text,
	`restored_by_change_id` integer
);
--> statement-breakpoint
CREATE INDEX `change_records_kind_id_idx` ON `change_records` (`kind`,`id`);--> statement-breakpoint
CREATE INDEX `change_records_kind_entity_idx` ON `change_records` (`kind`,`entity_id`,`id`);--> statement-breakpoint
CREATE INDEX `change_records_kind_ts_idx` ON `change_records` (`kind`,`ts`);