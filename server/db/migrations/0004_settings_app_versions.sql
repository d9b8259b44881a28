CREATE TABLE `company_settings` (
	`company_id` integer PRIMARY KEY NOT NULL,
	`telegram_bot_token` text,
	`auth_token` text,
	`primary_color` text DEFAULT '#3b82f6' NOT NULL,
	`secondary_color` text DEFAULT '#64748b' NOT NULL,
	`telegram_groups` text DEFAULT '{}' NOT NULL,
	`updated_at` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `app_version_files` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`original_name` text NOT NULL,
	`file_size` integer NOT NULL,
	`checksum` text NOT NULL,
	`uploaded_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `app_version_files_company_idx` ON `app_version_files` (`company_id`);--> statement-breakpoint
CREATE TABLE `app_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`latest_version` text NOT NULL,
	`release_notes` text NOT NULL,
	`download_file_name` text NOT NULL,
	`download_url` text,
	`file_size` integer,
	`checksum` text,
	`is_public` integer DEFAULT true NOT NULL,
	`target_companies` text DEFAULT '[]' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `app_versions_company_id_unique` ON `app_versions` (`company_id`);