DROP TABLE `core_box_values`;--> statement-breakpoint
DROP INDEX `core_box_counts_expiry_idx`;--> statement-breakpoint
DROP INDEX `core_boxes_island_project_idx`;