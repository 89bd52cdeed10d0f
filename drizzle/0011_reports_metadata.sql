ALTER TABLE `doc_documents` ADD `work_order` text;--> statement-breakpoint
ALTER TABLE `doc_documents` ADD `project` text;--> statement-breakpoint
CREATE INDEX `doc_documents_collection_uploaded_idx` ON `doc_documents` (`collection_id`,`uploaded_at`,`id`);--> statement-breakpoint
CREATE INDEX `doc_documents_collection_wo_idx` ON `doc_documents` (`collection_id`,`work_order`,`uploaded_at`);