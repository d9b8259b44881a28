CREATE TABLE `news_revisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`news_id` integer NOT NULL,
	`version` integer NOT NULL,
	`action` text NOT NULL,
	`restored_from` integer,
	`title` text NOT NULL,
	`subtitle` text,
	`content` text NOT NULL,
	`category` text NOT NULL,
	`priority` text NOT NULL,
	`saved_by` integer,
	`saved_by_name` text,
	`saved_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`news_id`) REFERENCES `news`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`saved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `news_revisions_story_idx` ON `news_revisions` (`news_id`,`id`);--> statement-breakpoint
ALTER TABLE `activity_logs` ADD `news_id` integer REFERENCES news(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `activity_logs` ADD `news_revision_id` integer REFERENCES news_revisions(id) ON DELETE set null;