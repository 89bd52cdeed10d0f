CREATE TABLE `directory_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`mobile` text DEFAULT '' NOT NULL,
	`business` text DEFAULT '' NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`department` text DEFAULT '' NOT NULL,
	`office` text DEFAULT '' NOT NULL,
	`company` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `directory_entries_email_uq` ON `directory_entries` (`email`);--> statement-breakpoint
CREATE TABLE `personal_contacts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner` text NOT NULL,
	`name` text NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`mobile` text DEFAULT '' NOT NULL,
	`business` text DEFAULT '' NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`department` text DEFAULT '' NOT NULL,
	`office` text DEFAULT '' NOT NULL,
	`company` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `personal_contacts_owner_idx` ON `personal_contacts` (`owner`,`id`);--> statement-breakpoint
CREATE TABLE `ticket_comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ticket_id` integer NOT NULL,
	`author` text NOT NULL,
	`author_name` text DEFAULT '' NOT NULL,
	`text` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ticket_comments_ticket_idx` ON `ticket_comments` (`ticket_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `tickets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`type` text NOT NULL,
	`priority` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`requester` text NOT NULL,
	`requester_name` text DEFAULT '' NOT NULL,
	`assignee` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`closed_at` integer,
	`priority_rank` integer GENERATED ALWAYS AS (case "priority" when 'urgent' then 0 when 'high' then 1 when 'medium' then 2 else 3 end) VIRTUAL
);
--> statement-breakpoint
CREATE INDEX `tickets_updated_idx` ON `tickets` (`updated_at`);--> statement-breakpoint
CREATE INDEX `tickets_rank_idx` ON `tickets` (`priority_rank`);--> statement-breakpoint
CREATE INDEX `tickets_status_idx` ON `tickets` (`status`);--> statement-breakpoint
CREATE INDEX `tickets_status_updated_idx` ON `tickets` (`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `tickets_status_rank_idx` ON `tickets` (`status`,`priority_rank`);--> statement-breakpoint
CREATE INDEX `tickets_status_type_priority_idx` ON `tickets` (`status`,`type`,`priority`);--> statement-breakpoint
CREATE INDEX `tickets_type_priority_idx` ON `tickets` (`type`,`priority`);--> statement-breakpoint
CREATE INDEX `tickets_priority_status_idx` ON `tickets` (`priority`,`status`);--> statement-breakpoint
CREATE INDEX `tickets_requester_status_idx` ON `tickets` (`requester`,`status`);