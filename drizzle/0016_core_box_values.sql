CREATE TABLE `core_box_values` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`field` text NOT NULL,
	`value` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `core_box_values_field_value_idx` ON `core_box_values` (`field`,`value`);