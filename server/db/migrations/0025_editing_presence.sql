CREATE TABLE `editing_presence` (
	`holder` text NOT NULL,
	`company_id` integer NOT NULL,
	`kind` text NOT NULL,
	`record_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`full_name` text NOT NULL,
	`since` text NOT NULL,
	PRIMARY KEY(`holder`, `kind`, `record_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `editing_presence_company_record_id_idx` ON `editing_presence` (`company_id`,`kind`,`record_id`);