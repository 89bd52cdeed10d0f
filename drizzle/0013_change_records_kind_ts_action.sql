DROP INDEX `change_records_kind_ts_idx`;--> statement-breakpoint
CREATE INDEX `change_records_kind_ts_action_idx` ON `change_records` (`kind`,`ts`,`action`);