CREATE TABLE `google_sheets_connections` (
	`company_id` integer PRIMARY KEY NOT NULL,
	`service_account_key` text,
	`spreadsheet_id` text,
	`connected_by` integer,
	`last_push_hash` text,
	`last_push_at` text,
	`last_pull_at` text,
	`last_error` text,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`connected_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `google_sheets_rows` (
	`company_id` integer NOT NULL,
	`row_id` integer NOT NULL,
	`hash` text NOT NULL,
	`synced_at` text NOT NULL,
	PRIMARY KEY(`company_id`, `row_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
