CREATE TABLE `bulletin_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`bulletin_id` integer NOT NULL,
	`type` text NOT NULL,
	`sort_order` integer NOT NULL,
	`news_id` integer,
	`break_type` text,
	FOREIGN KEY (`bulletin_id`) REFERENCES `bulletins`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`news_id`) REFERENCES `news`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `bulletin_items_bulletin_idx` ON `bulletin_items` (`bulletin_id`,`sort_order`);--> statement-breakpoint
CREATE TABLE `bulletins` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`title` text NOT NULL,
	`title_dhivehi` text,
	`content` text DEFAULT '' NOT NULL,
	`content_dhivehi` text,
	`scheduled_time` text NOT NULL,
	`broadcast_time` text NOT NULL,
	`duration` integer DEFAULT 30 NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`priority` text DEFAULT 'normal' NOT NULL,
	`location` text,
	`assigned_to` integer,
	`category` text DEFAULT 'news' NOT NULL,
	`is_auto_generated` integer DEFAULT false NOT NULL,
	`is_live` integer DEFAULT false NOT NULL,
	`has_local_break` integer DEFAULT false NOT NULL,
	`local_break_time` text,
	`anchor_notes` text,
	`metadata` text,
	`created_by` integer,
	`updated_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`assigned_to`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `bulletins_company_idx` ON `bulletins` (`company_id`,`created_at`);