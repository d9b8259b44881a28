ALTER TABLE `users` ADD `updated_by` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `users` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `news` ADD `updated_by` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `news` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `bulletins` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `updated_by` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `company_settings` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `prompters` ADD `updated_by` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `prompters` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `equipment` ADD `updated_by` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `equipment` ADD `version` integer DEFAULT 1 NOT NULL;