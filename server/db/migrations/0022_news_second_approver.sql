ALTER TABLE `news` ADD `submitted_at` text;--> statement-breakpoint
ALTER TABLE `news` ADD `submitted_by` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `news` ADD `submitted_by_name` text;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `second_approver` integer;