CREATE TABLE `as_run` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`at` text NOT NULL,
	`seq` integer NOT NULL,
	`user_id` integer,
	`source` text NOT NULL,
	`action` text NOT NULL,
	`type` text NOT NULL,
	`text` text NOT NULL,
	`output` text NOT NULL,
	`result` text NOT NULL,
	`message` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `as_run_company_at_idx` ON `as_run` (`company_id`,`at`);--> statement-breakpoint
CREATE INDEX `as_run_company_type_at_idx` ON `as_run` (`company_id`,`type`,`at`);--> statement-breakpoint
CREATE INDEX `as_run_company_user_at_idx` ON `as_run` (`company_id`,`user_id`,`at`);--> statement-breakpoint
ALTER TABLE `company_settings` ADD `as_run_retention_days` integer;