CREATE TABLE `moderation_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`moderator_id` integer NOT NULL,
	`note_id` integer NOT NULL,
	`action` text NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `moderation_log_note_idx` ON `moderation_log` (`note_id`);--> statement-breakpoint
CREATE TABLE `note_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`note_id` integer NOT NULL,
	`reporter_id` integer NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`note_id`) REFERENCES `notes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `note_reports_note_reporter_idx` ON `note_reports` (`note_id`,`reporter_id`);--> statement-breakpoint
ALTER TABLE `notes` ADD `moderation` text;--> statement-breakpoint
ALTER TABLE `notes` ADD `published_at` integer;--> statement-breakpoint
ALTER TABLE `notes` ADD `moderated_at` integer;--> statement-breakpoint
CREATE INDEX `notes_public_idx` ON `notes` (`public`,`published_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `display_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `role` text DEFAULT 'reader' NOT NULL;