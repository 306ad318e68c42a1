CREATE TABLE `account_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`account_id` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `account_tokens_account_idx` ON `account_tokens` (`account_id`);--> statement-breakpoint
CREATE TABLE `accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`shard` text NOT NULL,
	`placement` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `accounts_email_unique` ON `accounts` (`email`);--> statement-breakpoint
CREATE INDEX `accounts_shard_idx` ON `accounts` (`shard`);--> statement-breakpoint
CREATE TABLE `id_blocks` (
	`block` integer PRIMARY KEY NOT NULL,
	`shard` text NOT NULL,
	`claimed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `shard_identity` (
	`name` text PRIMARY KEY NOT NULL,
	`block` integer NOT NULL,
	`prepared_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `tag_accounts` (
	`tag_id` integer NOT NULL,
	`shard` text NOT NULL,
	`accounts` integer NOT NULL,
	PRIMARY KEY(`tag_id`, `shard`),
	FOREIGN KEY (`tag_id`) REFERENCES `tag_names`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `tag_names` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tag_names_name_unique` ON `tag_names` (`name`);--> statement-breakpoint
CREATE TABLE `tag_use_changes` (
	`tag_id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
-- The directory (docs/scale.md "The directory"), filled from what this database holds: on the first
-- database (binding DB) of a deployment made before accounts spread over several databases, every
-- account, its token, every tag name and how many of its accounts use each. On a database made
-- for another binding these tables start (and stay) empty.
INSERT INTO `accounts` (`id`, `email`, `shard`, `placement`, `created_at`) SELECT `id`, `email`, 'DB', 0, `created_at` FROM `users`;--> statement-breakpoint
INSERT INTO `account_tokens` (`token_hash`, `account_id`) SELECT `token_hash`, `id` FROM `users`;--> statement-breakpoint
INSERT INTO `tag_names` (`id`, `name`, `created_at`) SELECT `id`, `name`, `created_at` FROM `tags`;--> statement-breakpoint
INSERT INTO `tag_accounts` (`tag_id`, `shard`, `accounts`) SELECT `tag_id`, 'DB', count(DISTINCT `user_id`) FROM `taggings` GROUP BY `tag_id`;--> statement-breakpoint
-- A report's reporter may be an account of another database, and read keys belong to the
-- directory's accounts: both tables are made again with those keys (nothing refers to them, so
-- no foreign key has to be turned off, which D1 allows only as defer_foreign_keys).
CREATE TABLE `__new_note_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`note_id` integer NOT NULL,
	`reporter_id` integer NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`note_id`) REFERENCES `notes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_note_reports`("id", "note_id", "reporter_id", "reason", "created_at") SELECT "id", "note_id", "reporter_id", "reason", "created_at" FROM `note_reports`;--> statement-breakpoint
DROP TABLE `note_reports`;--> statement-breakpoint
ALTER TABLE `__new_note_reports` RENAME TO `note_reports`;--> statement-breakpoint
CREATE UNIQUE INDEX `note_reports_note_reporter_idx` ON `note_reports` (`note_id`,`reporter_id`);--> statement-breakpoint
CREATE TABLE `__new_read_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`key_id` text NOT NULL,
	`key_hash` text NOT NULL,
	`origins` text NOT NULL,
	`created_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_read_keys`("id", "user_id", "key_id", "key_hash", "origins", "created_at", "revoked_at") SELECT "id", "user_id", "key_id", "key_hash", "origins", "created_at", "revoked_at" FROM `read_keys`;--> statement-breakpoint
DROP TABLE `read_keys`;--> statement-breakpoint
ALTER TABLE `__new_read_keys` RENAME TO `read_keys`;--> statement-breakpoint
CREATE UNIQUE INDEX `read_keys_key_id_unique` ON `read_keys` (`key_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `read_keys_key_hash_unique` ON `read_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `read_keys_user_idx` ON `read_keys` (`user_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `moving` integer;--> statement-breakpoint
-- An account being moved to another database (docs/scale.md "Moving an account"): from the moment
-- the move sets `moving` until it is done, no write of the account's notes, taggings, reports on
-- its notes or account fields commits in this database. Each trigger fails the writing statement
-- (and with it the whole D1 batch) inside its own transaction, so a write that passed its checks
-- before the move began cannot land after the move read what was here. The worker answers 503
-- with Retry-After (src/http/errors.ts accountMoving). The move's own last step deletes the
-- account's users row, whose cascade these triggers let through (the row is gone).
CREATE TRIGGER `notes_moving_insert` BEFORE INSERT ON `notes` FOR EACH ROW WHEN (SELECT `moving` FROM `users` WHERE `id` = NEW.`user_id`) IS NOT NULL BEGIN SELECT RAISE(ABORT, 'account_moving'); END;--> statement-breakpoint
CREATE TRIGGER `notes_moving_update` BEFORE UPDATE ON `notes` FOR EACH ROW WHEN (SELECT `moving` FROM `users` WHERE `id` = OLD.`user_id`) IS NOT NULL BEGIN SELECT RAISE(ABORT, 'account_moving'); END;--> statement-breakpoint
CREATE TRIGGER `notes_moving_delete` BEFORE DELETE ON `notes` FOR EACH ROW WHEN (SELECT `moving` FROM `users` WHERE `id` = OLD.`user_id`) IS NOT NULL BEGIN SELECT RAISE(ABORT, 'account_moving'); END;--> statement-breakpoint
CREATE TRIGGER `taggings_moving_insert` BEFORE INSERT ON `taggings` FOR EACH ROW WHEN (SELECT `moving` FROM `users` WHERE `id` = NEW.`user_id`) IS NOT NULL BEGIN SELECT RAISE(ABORT, 'account_moving'); END;--> statement-breakpoint
CREATE TRIGGER `taggings_moving_update` BEFORE UPDATE ON `taggings` FOR EACH ROW WHEN (SELECT `moving` FROM `users` WHERE `id` = OLD.`user_id`) IS NOT NULL BEGIN SELECT RAISE(ABORT, 'account_moving'); END;--> statement-breakpoint
CREATE TRIGGER `taggings_moving_delete` BEFORE DELETE ON `taggings` FOR EACH ROW WHEN (SELECT `moving` FROM `users` WHERE `id` = OLD.`user_id`) IS NOT NULL BEGIN SELECT RAISE(ABORT, 'account_moving'); END;--> statement-breakpoint
CREATE TRIGGER `note_reports_moving_insert` BEFORE INSERT ON `note_reports` FOR EACH ROW WHEN (SELECT `users`.`moving` FROM `notes` JOIN `users` ON `users`.`id` = `notes`.`user_id` WHERE `notes`.`id` = NEW.`note_id`) IS NOT NULL BEGIN SELECT RAISE(ABORT, 'account_moving'); END;--> statement-breakpoint
CREATE TRIGGER `users_moving_update` BEFORE UPDATE OF `email`, `password_hash`, `token_hash`, `first_name`, `last_name`, `display_name`, `role` ON `users` FOR EACH ROW WHEN OLD.`moving` IS NOT NULL BEGIN SELECT RAISE(ABORT, 'account_moving'); END;--> statement-breakpoint
-- A tag an account starts or stops using is marked for the directory's count of the accounts of
-- each database using it (src/db/schema.ts `tag_use_changes`; src/annotations/personal/tag-names.ts
-- flushTagUse), in the writing statement, so that no writer can forget it.
CREATE TRIGGER `taggings_tag_use_insert` AFTER INSERT ON `taggings` FOR EACH ROW WHEN NOT EXISTS (SELECT 1 FROM `taggings` WHERE `tag_id` = NEW.`tag_id` AND `user_id` = NEW.`user_id` AND `id` <> NEW.`id`) BEGIN INSERT INTO `tag_use_changes` (`tag_id`, `version`) VALUES (NEW.`tag_id`, 1) ON CONFLICT (`tag_id`) DO UPDATE SET `version` = `version` + 1; END;--> statement-breakpoint
CREATE TRIGGER `taggings_tag_use_update` AFTER UPDATE OF `tag_id` ON `taggings` FOR EACH ROW WHEN OLD.`tag_id` <> NEW.`tag_id` BEGIN INSERT INTO `tag_use_changes` (`tag_id`, `version`) VALUES (OLD.`tag_id`, 1) ON CONFLICT (`tag_id`) DO UPDATE SET `version` = `version` + 1; INSERT INTO `tag_use_changes` (`tag_id`, `version`) VALUES (NEW.`tag_id`, 1) ON CONFLICT (`tag_id`) DO UPDATE SET `version` = `version` + 1; END;--> statement-breakpoint
CREATE TRIGGER `taggings_tag_use_delete` AFTER DELETE ON `taggings` FOR EACH ROW WHEN NOT EXISTS (SELECT 1 FROM `taggings` WHERE `tag_id` = OLD.`tag_id` AND `user_id` = OLD.`user_id`) BEGIN INSERT INTO `tag_use_changes` (`tag_id`, `version`) VALUES (OLD.`tag_id`, 1) ON CONFLICT (`tag_id`) DO UPDATE SET `version` = `version` + 1; END;
