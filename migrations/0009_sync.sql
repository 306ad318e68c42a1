CREATE TABLE `changes` (
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`item_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`deleted` integer DEFAULT 0 NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`, `item_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `changes_user_seq_idx` ON `changes` (`user_id`,`seq`);--> statement-breakpoint
CREATE INDEX `changes_tombstones_idx` ON `changes` (`user_id`,`seq`) WHERE deleted = 1;--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`user_id` integer NOT NULL,
	`key` text NOT NULL,
	`fingerprint` text NOT NULL,
	`attempt` text NOT NULL,
	`state` text NOT NULL,
	`started_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`start_seq` integer,
	`status` integer,
	`kind` text,
	`result` text,
	`bytes` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_expiry_idx` ON `idempotency_keys` (`user_id`,`expires_at`);--> statement-breakpoint
CREATE TABLE `write_precondition_failed` (
	`reason` text NOT NULL,
	CONSTRAINT "write_precondition_failed" CHECK(0)
);
--> statement-breakpoint
ALTER TABLE `notes` ADD `revision` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `taggings` ADD `revision` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `change_seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `changes_floor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The changes feed and revisions (docs/sync.md). Every note, tagging and tag use stored today gets
-- a change row and a revision, numbered per account in the order they were last changed; the
-- account's sequence continues from the last of them.
INSERT INTO `changes` (`user_id`, `kind`, `item_id`, `seq`, `deleted`, `at`)
SELECT `user_id`, `kind`, `item_id`, row_number() OVER (PARTITION BY `user_id` ORDER BY `at`, `kind`, `item_id`), 0, `at` FROM (
  SELECT `user_id`, 'note' AS `kind`, `id` AS `item_id`, `updated_at` AS `at` FROM `notes`
  UNION ALL SELECT `user_id`, 'tagging', `id`, `updated_at` FROM `taggings`
  UNION ALL SELECT `user_id`, 'tag', `tag_id`, max(`updated_at`) FROM `taggings` GROUP BY `user_id`, `tag_id`
);--> statement-breakpoint
UPDATE `notes` SET `revision` = (SELECT `seq` FROM `changes` WHERE `changes`.`user_id` = `notes`.`user_id` AND `kind` = 'note' AND `item_id` = `notes`.`id`);--> statement-breakpoint
UPDATE `taggings` SET `revision` = (SELECT `seq` FROM `changes` WHERE `changes`.`user_id` = `taggings`.`user_id` AND `kind` = 'tagging' AND `item_id` = `taggings`.`id`);--> statement-breakpoint
UPDATE `users` SET `change_seq` = coalesce((SELECT max(`seq`) FROM `changes` WHERE `user_id` = `users`.`id`), 0);--> statement-breakpoint
-- From here on the triggers keep them: each change of a row takes the account's next number as
-- the row's revision and its change row's sequence, inside the writing statement, so that no writer
-- can forget it and the number follows commit order. A deletion leaves a tombstone (deleted 1); a
-- tag's row follows the account's taggings of it (a tombstone once none is left). Deletions by the
-- account's own deletion (ON DELETE CASCADE from users) write nothing: its rows go with it.

CREATE TRIGGER `notes_changes_insert` AFTER INSERT ON `notes` FOR EACH ROW BEGIN
  UPDATE `users` SET `change_seq` = `change_seq` + 1 WHERE `id` = NEW.`user_id`;
  UPDATE `notes` SET `revision` = (SELECT `change_seq` FROM `users` WHERE `id` = NEW.`user_id`) WHERE `id` = NEW.`id`;
  INSERT INTO `changes` (`user_id`, `kind`, `item_id`, `seq`, `deleted`, `at`) SELECT NEW.`user_id`, 'note', NEW.`id`, (SELECT `change_seq` FROM `users` WHERE `id` = NEW.`user_id`), 0, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) WHERE true ON CONFLICT (`user_id`, `kind`, `item_id`) DO UPDATE SET `seq` = excluded.`seq`, `deleted` = excluded.`deleted`, `at` = excluded.`at`;
END;--> statement-breakpoint
CREATE TRIGGER `notes_changes_update` AFTER UPDATE OF `title`, `content`, `public`, `moderation`, `published_at`, `moderated_at`, `updated_at` ON `notes` FOR EACH ROW BEGIN
  UPDATE `users` SET `change_seq` = `change_seq` + 1 WHERE `id` = NEW.`user_id`;
  UPDATE `notes` SET `revision` = (SELECT `change_seq` FROM `users` WHERE `id` = NEW.`user_id`) WHERE `id` = NEW.`id`;
  INSERT INTO `changes` (`user_id`, `kind`, `item_id`, `seq`, `deleted`, `at`) SELECT NEW.`user_id`, 'note', NEW.`id`, (SELECT `change_seq` FROM `users` WHERE `id` = NEW.`user_id`), 0, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) WHERE true ON CONFLICT (`user_id`, `kind`, `item_id`) DO UPDATE SET `seq` = excluded.`seq`, `deleted` = excluded.`deleted`, `at` = excluded.`at`;
END;--> statement-breakpoint
CREATE TRIGGER `notes_changes_delete` AFTER DELETE ON `notes` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`) BEGIN
  UPDATE `users` SET `change_seq` = `change_seq` + 1 WHERE `id` = OLD.`user_id`;
  INSERT INTO `changes` (`user_id`, `kind`, `item_id`, `seq`, `deleted`, `at`) SELECT OLD.`user_id`, 'note', OLD.`id`, (SELECT `change_seq` FROM `users` WHERE `id` = OLD.`user_id`), 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) WHERE true ON CONFLICT (`user_id`, `kind`, `item_id`) DO UPDATE SET `seq` = excluded.`seq`, `deleted` = excluded.`deleted`, `at` = excluded.`at`;
END;--> statement-breakpoint
CREATE TRIGGER `taggings_changes_insert` AFTER INSERT ON `taggings` FOR EACH ROW BEGIN
  UPDATE `users` SET `change_seq` = `change_seq` + 1 WHERE `id` = NEW.`user_id`;
  UPDATE `taggings` SET `revision` = (SELECT `change_seq` FROM `users` WHERE `id` = NEW.`user_id`) WHERE `id` = NEW.`id`;
  INSERT INTO `changes` (`user_id`, `kind`, `item_id`, `seq`, `deleted`, `at`) SELECT NEW.`user_id`, 'tagging', NEW.`id`, (SELECT `change_seq` FROM `users` WHERE `id` = NEW.`user_id`), 0, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) WHERE true ON CONFLICT (`user_id`, `kind`, `item_id`) DO UPDATE SET `seq` = excluded.`seq`, `deleted` = excluded.`deleted`, `at` = excluded.`at`;
  UPDATE `users` SET `change_seq` = `change_seq` + 1 WHERE `id` = NEW.`user_id`;
  INSERT INTO `changes` (`user_id`, `kind`, `item_id`, `seq`, `deleted`, `at`) SELECT NEW.`user_id`, 'tag', NEW.`tag_id`, (SELECT `change_seq` FROM `users` WHERE `id` = NEW.`user_id`), 0, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) WHERE true ON CONFLICT (`user_id`, `kind`, `item_id`) DO UPDATE SET `seq` = excluded.`seq`, `deleted` = excluded.`deleted`, `at` = excluded.`at`;
END;--> statement-breakpoint
CREATE TRIGGER `taggings_changes_update` AFTER UPDATE OF `tag_id`, `updated_at` ON `taggings` FOR EACH ROW BEGIN
  UPDATE `users` SET `change_seq` = `change_seq` + 1 WHERE `id` = NEW.`user_id`;
  UPDATE `taggings` SET `revision` = (SELECT `change_seq` FROM `users` WHERE `id` = NEW.`user_id`) WHERE `id` = NEW.`id`;
  INSERT INTO `changes` (`user_id`, `kind`, `item_id`, `seq`, `deleted`, `at`) SELECT NEW.`user_id`, 'tagging', NEW.`id`, (SELECT `change_seq` FROM `users` WHERE `id` = NEW.`user_id`), 0, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) WHERE true ON CONFLICT (`user_id`, `kind`, `item_id`) DO UPDATE SET `seq` = excluded.`seq`, `deleted` = excluded.`deleted`, `at` = excluded.`at`;
  UPDATE `users` SET `change_seq` = `change_seq` + 1 WHERE `id` = NEW.`user_id`;
  INSERT INTO `changes` (`user_id`, `kind`, `item_id`, `seq`, `deleted`, `at`) SELECT NEW.`user_id`, 'tag', NEW.`tag_id`, (SELECT `change_seq` FROM `users` WHERE `id` = NEW.`user_id`), 0, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) WHERE true ON CONFLICT (`user_id`, `kind`, `item_id`) DO UPDATE SET `seq` = excluded.`seq`, `deleted` = excluded.`deleted`, `at` = excluded.`at`;
  UPDATE `users` SET `change_seq` = `change_seq` + 1 WHERE `id` = NEW.`user_id` AND OLD.`tag_id` <> NEW.`tag_id`;
  INSERT INTO `changes` (`user_id`, `kind`, `item_id`, `seq`, `deleted`, `at`) SELECT NEW.`user_id`, 'tag', OLD.`tag_id`, (SELECT `change_seq` FROM `users` WHERE `id` = NEW.`user_id`), NOT EXISTS (SELECT 1 FROM `taggings` WHERE `user_id` = NEW.`user_id` AND `tag_id` = OLD.`tag_id`), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) WHERE OLD.`tag_id` <> NEW.`tag_id` ON CONFLICT (`user_id`, `kind`, `item_id`) DO UPDATE SET `seq` = excluded.`seq`, `deleted` = excluded.`deleted`, `at` = excluded.`at`;
END;--> statement-breakpoint
CREATE TRIGGER `taggings_changes_delete` AFTER DELETE ON `taggings` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`) BEGIN
  UPDATE `users` SET `change_seq` = `change_seq` + 1 WHERE `id` = OLD.`user_id`;
  INSERT INTO `changes` (`user_id`, `kind`, `item_id`, `seq`, `deleted`, `at`) SELECT OLD.`user_id`, 'tagging', OLD.`id`, (SELECT `change_seq` FROM `users` WHERE `id` = OLD.`user_id`), 1, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) WHERE true ON CONFLICT (`user_id`, `kind`, `item_id`) DO UPDATE SET `seq` = excluded.`seq`, `deleted` = excluded.`deleted`, `at` = excluded.`at`;
  UPDATE `users` SET `change_seq` = `change_seq` + 1 WHERE `id` = OLD.`user_id`;
  INSERT INTO `changes` (`user_id`, `kind`, `item_id`, `seq`, `deleted`, `at`) SELECT OLD.`user_id`, 'tag', OLD.`tag_id`, (SELECT `change_seq` FROM `users` WHERE `id` = OLD.`user_id`), NOT EXISTS (SELECT 1 FROM `taggings` WHERE `user_id` = OLD.`user_id` AND `tag_id` = OLD.`tag_id`), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) WHERE true ON CONFLICT (`user_id`, `kind`, `item_id`) DO UPDATE SET `seq` = excluded.`seq`, `deleted` = excluded.`deleted`, `at` = excluded.`at`;
END;
