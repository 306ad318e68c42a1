-- A tag is a name in use (docs/annotations.md "Tags"): when the last tagging of a name goes
-- (deleted, moved to another tag, or its account deleted), the name goes with it, so that no
-- private name outlives its use and renames leave nothing behind. The names no tagging uses
-- today go now.
DELETE FROM `tags` WHERE NOT EXISTS (SELECT 1 FROM `taggings` WHERE `taggings`.`tag_id` = `tags`.`id`);
--> statement-breakpoint
CREATE TRIGGER `tags_unused_after_delete` AFTER DELETE ON `taggings`
WHEN NOT EXISTS (SELECT 1 FROM `taggings` WHERE `tag_id` = OLD.`tag_id`)
BEGIN
  DELETE FROM `tags` WHERE `id` = OLD.`tag_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `tags_unused_after_update` AFTER UPDATE OF `tag_id` ON `taggings`
WHEN OLD.`tag_id` <> NEW.`tag_id` AND NOT EXISTS (SELECT 1 FROM `taggings` WHERE `tag_id` = OLD.`tag_id`)
BEGIN
  DELETE FROM `tags` WHERE `id` = OLD.`tag_id`;
END;
