ALTER TABLE `users` ADD `role_rank` integer GENERATED ALWAYS AS (case "role" when 'Owner' then 0 when 'Admin' then 1 else 2 end) VIRTUAL;--> statement-breakpoint
CREATE INDEX `users_status_rank_email_idx` ON `users` (`status`,`role_rank`,`email`,`name`);--> statement-breakpoint
CREATE INDEX `users_created_idx` ON `users` (`created_at`);