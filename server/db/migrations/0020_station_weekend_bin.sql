ALTER TABLE `company_settings` ADD `weekend_days` text;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `recycle_bin_hours` integer;