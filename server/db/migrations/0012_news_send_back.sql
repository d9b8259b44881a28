ALTER TABLE `news` ADD `return_reason` text;--> statement-breakpoint
ALTER TABLE `news` ADD `return_kind` text;--> statement-breakpoint
ALTER TABLE `news` ADD `returned_by` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `news` ADD `returned_by_name` text;--> statement-breakpoint
ALTER TABLE `news` ADD `returned_at` text;--> statement-breakpoint
CREATE INDEX `news_returned_idx` ON `news` (`company_id`,`created_by`) WHERE returned_at IS NOT NULL;