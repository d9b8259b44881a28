CREATE TABLE `cg_next` (
	`company_id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`texts` text DEFAULT '[]' NOT NULL,
	`updated_by` integer,
	`updated_at` text,
	`last_take_version` integer,
	`last_take_user_id` integer,
	`last_take_at` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
