-- Custom SQL (drizzle-kit cannot express virtual tables or triggers): word-prefix full-text search over tickets.
-- An external-content FTS5 index on tickets(title, description, requester_name, requester), kept in step by
-- triggers, so a search over 100,000 tickets reads an index instead of scanning every description.
CREATE VIRTUAL TABLE `tickets_fts` USING fts5(
	title, description, requester_name, requester,
	content='tickets', content_rowid='id',
	tokenize='unicode61 remove_diacritics 2', prefix='2 3'
);
--> statement-breakpoint
CREATE TRIGGER `tickets_fts_ai` AFTER INSERT ON `tickets` BEGIN
	INSERT INTO `tickets_fts`(rowid, title, description, requester_name, requester)
	VALUES (new.id, new.title, new.description, new.requester_name, new.requester);
END;
--> statement-breakpoint
CREATE TRIGGER `tickets_fts_ad` AFTER DELETE ON `tickets` BEGIN
	INSERT INTO `tickets_fts`(`tickets_fts`, rowid, title, description, requester_name, requester)
	VALUES ('delete', old.id, old.title, old.description, old.requester_name, old.requester);
END;
--> statement-breakpoint
CREATE TRIGGER `tickets_fts_au` AFTER UPDATE OF title, description, requester_name, requester ON `tickets` BEGIN
	INSERT INTO `tickets_fts`(`tickets_fts`, rowid, title, description, requester_name, requester)
	VALUES ('delete', old.id, old.title, old.description, old.requester_name, old.requester);
	INSERT INTO `tickets_fts`(rowid, title, description, requester_name, requester)
	VALUES (new.id, new.title, new.description, new.requester_name, new.requester);
END;
--> statement-breakpoint
INSERT INTO `tickets_fts`(`tickets_fts`) VALUES ('rebuild');
