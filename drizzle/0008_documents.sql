CREATE TABLE `doc_chunk_embeddings` (
	`chunk_id` integer PRIMARY KEY NOT NULL,
	`collection_id` integer NOT NULL,
	`model` text NOT NULL,
	`dims` integer NOT NULL,
	`vector` blob NOT NULL
);
--> statement-breakpoint
CREATE INDEX `doc_chunk_embeddings_collection_idx` ON `doc_chunk_embeddings` (`collection_id`,`chunk_id`);--> statement-breakpoint
CREATE TABLE `doc_chunks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`document_id` integer NOT NULL,
	`collection_id` integer NOT NULL,
	`first_page` integer NOT NULL,
	`last_page` integer NOT NULL,
	`ordinal` integer NOT NULL,
	`text` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `doc_chunks_document_idx` ON `doc_chunks` (`document_id`,`ordinal`);--> statement-breakpoint
CREATE INDEX `doc_chunks_collection_idx` ON `doc_chunks` (`collection_id`,`id`);--> statement-breakpoint
CREATE TABLE `doc_collections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`mode` text DEFAULT 'default' NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `doc_collections_name_unique` ON `doc_collections` (`name`);--> statement-breakpoint
CREATE TABLE `doc_documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`collection_id` integer NOT NULL,
	`file_name` text NOT NULL,
	`storage_key` text NOT NULL,
	`sha256` text NOT NULL,
	`size` integer NOT NULL,
	`pages` integer DEFAULT 0 NOT NULL,
	`status` text NOT NULL,
	`error` text,
	`uploaded_by` text NOT NULL,
	`uploaded_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `doc_documents_collection_file_idx` ON `doc_documents` (`collection_id`,`file_name`);--> statement-breakpoint
CREATE UNIQUE INDEX `doc_documents_collection_sha_idx` ON `doc_documents` (`collection_id`,`sha256`) WHERE status = 'indexed';--> statement-breakpoint
CREATE INDEX `doc_documents_key_idx` ON `doc_documents` (`storage_key`);--> statement-breakpoint
CREATE TABLE `doc_pages` (
	`document_id` integer NOT NULL,
	`page_no` integer NOT NULL,
	`text` text NOT NULL,
	`ocr` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`document_id`, `page_no`)
);
--> statement-breakpoint
CREATE TABLE `doc_upload_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ts` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`db` text NOT NULL,
	`file` text NOT NULL,
	`user` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `doc_upload_history_ts_idx` ON `doc_upload_history` (`ts`,`id`);--> statement-breakpoint
CREATE INDEX `doc_upload_history_db_idx` ON `doc_upload_history` (`db`,`ts`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`max_attempts` integer DEFAULT 3 NOT NULL,
	`lease_owner` text,
	`lease_expires_at` integer,
	`error` text,
	`steps` text DEFAULT '[]' NOT NULL,
	`result` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `jobs_status_id_idx` ON `jobs` (`status`,`id`);--> statement-breakpoint
CREATE INDEX `jobs_status_lease_idx` ON `jobs` (`status`,`lease_expires_at`);--> statement-breakpoint
CREATE INDEX `jobs_kind_idx` ON `jobs` (`kind`,`id`);