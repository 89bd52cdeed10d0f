ALTER TABLE `users` ADD `password_temporary_until` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `demo_password` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `demo_password_known` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `password_changed_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `external_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `users_external_id_uq` ON `users` (`external_id`);