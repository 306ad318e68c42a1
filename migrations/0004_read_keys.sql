CREATE TABLE `read_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`key_id` text NOT NULL,
	`key_hash` text NOT NULL,
	`origins` text NOT NULL,
	`created_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `read_keys_key_id_unique` ON `read_keys` (`key_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `read_keys_key_hash_unique` ON `read_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `read_keys_user_idx` ON `read_keys` (`user_id`);