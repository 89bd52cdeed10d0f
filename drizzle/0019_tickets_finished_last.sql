DROP INDEX IF EXISTS `tickets_rank_idx`;--> statement-breakpoint
DROP INDEX IF EXISTS `tickets_status_rank_idx`;--> statement-breakpoint
ALTER TABLE `tickets` DROP COLUMN `priority_rank`;--> statement-breakpoint
ALTER TABLE `tickets` ADD `priority_rank` integer GENERATED ALWAYS AS ((case "priority" when 'urgent' then 0 when 'high' then 1 when 'medium' then 2 else 3 end) + (case when "status" in ('resolved', 'closed') then 4 else 0 end)) VIRTUAL;--> statement-breakpoint
CREATE INDEX `tickets_rank_idx` ON `tickets` (`priority_rank`);--> statement-breakpoint
CREATE INDEX `tickets_status_rank_idx` ON `tickets` (`status`,`priority_rank`);
