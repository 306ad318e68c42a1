CREATE TABLE `account_quota_exceeded` (
	`quota` text NOT NULL,
	CONSTRAINT "account_quota_exceeded" CHECK(0)
);
--> statement-breakpoint
DROP INDEX `taggings_tag_idx`;--> statement-breakpoint
CREATE INDEX `taggings_tag_user_idx` ON `taggings` (`tag_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `notes_user_title_idx` ON `notes` (`user_id`,`title`);