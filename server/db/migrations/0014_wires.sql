CREATE TABLE `wire_feeds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`url` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`etag` text,
	`last_modified` text,
	`last_polled_at` text,
	`last_success_at` text,
	`last_error` text,
	`failures` integer DEFAULT 0 NOT NULL,
	`next_poll_at` text,
	`created_by` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wire_feeds_company_url_idx` ON `wire_feeds` (`company_id`,`url`);--> statement-breakpoint
CREATE INDEX `wire_feeds_due_idx` ON `wire_feeds` (`enabled`,`next_poll_at`);--> statement-breakpoint
CREATE TABLE `wire_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`feed_id` integer NOT NULL,
	`guid` text NOT NULL,
	`title` text NOT NULL,
	`summary` text NOT NULL,
	`link` text,
	`published_at` text NOT NULL,
	`fetched_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`feed_id`) REFERENCES `wire_feeds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wire_items_feed_guid_idx` ON `wire_items` (`feed_id`,`guid`);--> statement-breakpoint
CREATE INDEX `wire_items_company_published_idx` ON `wire_items` (`company_id`,`published_at`);--> statement-breakpoint
CREATE INDEX `wire_items_feed_published_idx` ON `wire_items` (`feed_id`,`published_at`);--> statement-breakpoint
CREATE TABLE `wire_stories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`wire_item_id` integer,
	`news_id` integer NOT NULL,
	`source` text NOT NULL,
	`title` text NOT NULL,
	`link` text,
	`created_by` integer,
	`created_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wire_stories_item_idx` ON `wire_stories` (`wire_item_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `wire_stories_news_idx` ON `wire_stories` (`news_id`);--> statement-breakpoint
CREATE INDEX `wire_stories_company_idx` ON `wire_stories` (`company_id`);