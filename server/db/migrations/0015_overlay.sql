CREATE TABLE `overlay_keys` (
	`company_id` integer PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`key_hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `overlay_keys_key_hash_idx` ON `overlay_keys` (`key_hash`);--> statement-breakpoint
ALTER TABLE `company_settings` ADD `overlay_layout` text;