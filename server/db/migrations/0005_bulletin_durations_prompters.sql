CREATE TABLE `prompter_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`prompter_id` integer NOT NULL,
	`user_id` integer,
	`session_start` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`session_end` text,
	`actions` text DEFAULT '[]' NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`prompter_id`) REFERENCES `prompters`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `prompter_sessions_prompter_idx` ON `prompter_sessions` (`prompter_id`);--> statement-breakpoint
CREATE TABLE `prompters` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`bulletin_id` integer,
	`status` text DEFAULT 'active' NOT NULL,
	`font_size` integer DEFAULT 16 NOT NULL,
	`font_family` text DEFAULT 'Arial' NOT NULL,
	`background_color` text DEFAULT '#000000' NOT NULL,
	`text_color` text DEFAULT '#ffffff' NOT NULL,
	`scroll_speed` integer DEFAULT 50 NOT NULL,
	`is_auto_scroll` integer DEFAULT false NOT NULL,
	`current_position` integer DEFAULT 0 NOT NULL,
	`line_spacing` real DEFAULT 1.5 NOT NULL,
	`margin_top` integer DEFAULT 20 NOT NULL,
	`margin_bottom` integer DEFAULT 20 NOT NULL,
	`is_high_contrast` integer DEFAULT false NOT NULL,
	`highlight_colors` text DEFAULT '{"emphasize":"red","readSlow":"yellow","important":"green"}' NOT NULL,
	`is_lock_mode` integer DEFAULT false NOT NULL,
	`lock_position` integer DEFAULT 0 NOT NULL,
	`selected_bulletin_ids` text DEFAULT '[]' NOT NULL,
	`enable_live_editing` integer DEFAULT false NOT NULL,
	`is_manual_scroll` integer DEFAULT true NOT NULL,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`bulletin_id`) REFERENCES `bulletins`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `prompters_company_idx` ON `prompters` (`company_id`);--> statement-breakpoint
ALTER TABLE `bulletin_items` ADD `duration_seconds` integer;