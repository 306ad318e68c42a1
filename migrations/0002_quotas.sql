CREATE TABLE `account_quota_exceeded` (
	`quota` text NOT NULL,
	CONSTRAINT "account_quota_exceeded" CHECK(0)
);
--> statement-breakpoint
CREATE INDEX `notes_user_title_idx` ON `notes` (`user_id`,`title`);