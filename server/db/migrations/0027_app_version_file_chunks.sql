CREATE TABLE `app_version_file_chunks` (
	`file_id` text NOT NULL,
	`seq` integer NOT NULL,
	`bytes` blob NOT NULL,
	PRIMARY KEY(`file_id`, `seq`),
	FOREIGN KEY (`file_id`) REFERENCES `app_version_files`(`id`) ON UPDATE no action ON DELETE cascade
);
