CREATE TABLE `activity_counts` (
	`metric` text NOT NULL,
	`quarter` integer NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`metric`, `quarter`)
);
