CREATE TABLE `equipment` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`code` text NOT NULL,
	`description` text,
	`category` text DEFAULT 'General' NOT NULL,
	`condition` text DEFAULT 'good' NOT NULL,
	`location` text DEFAULT '' NOT NULL,
	`quantity` integer DEFAULT 1 NOT NULL,
	`current_stock` integer DEFAULT 1 NOT NULL,
	`min_stock` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'available' NOT NULL,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "equipment_stock_range" CHECK("equipment"."current_stock" >= 0 AND "equipment"."current_stock" <= "equipment"."quantity"),
	CONSTRAINT "equipment_quantity_min" CHECK("equipment"."quantity" >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `equipment_company_code_uq` ON `equipment` (`company_id`,`code`);--> statement-breakpoint
CREATE INDEX `equipment_company_idx` ON `equipment` (`company_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `equipment_activities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`type` text NOT NULL,
	`user_id` integer,
	`equipment_id` integer,
	`request_id` integer,
	`action` text NOT NULL,
	`details` text,
	`metadata` text,
	`timestamp` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`equipment_id`) REFERENCES `equipment`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`request_id`) REFERENCES `equipment_requests`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `equipment_activities_company_idx` ON `equipment_activities` (`company_id`,`timestamp`);--> statement-breakpoint
CREATE TABLE `equipment_alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`kind` text NOT NULL,
	`equipment_id` integer,
	`request_id` integer,
	`delivery` text NOT NULL,
	`reason` text,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`equipment_id`) REFERENCES `equipment`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`request_id`) REFERENCES `equipment_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `equipment_alerts_lookup_idx` ON `equipment_alerts` (`company_id`,`kind`,`request_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `equipment_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`equipment_id` integer NOT NULL,
	`requested_by` integer,
	`approved_by` integer,
	`purpose` text NOT NULL,
	`location` text,
	`notes` text,
	`expected_return_date` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`source` text DEFAULT 'web' NOT NULL,
	`requested_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`approved_at` text,
	`checked_out_at` text,
	`return_requested_at` text,
	`returned_at` text,
	`returned_by` integer,
	`return_approved_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`equipment_id`) REFERENCES `equipment`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`requested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`approved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`returned_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`return_approved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `equipment_requests_company_idx` ON `equipment_requests` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `equipment_requests_status_idx` ON `equipment_requests` (`company_id`,`status`);--> statement-breakpoint
CREATE INDEX `equipment_requests_equipment_idx` ON `equipment_requests` (`equipment_id`);--> statement-breakpoint
CREATE TABLE `extension_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`original_request_id` integer NOT NULL,
	`requested_by` integer,
	`approved_by` integer,
	`new_return_date` text NOT NULL,
	`extension_duration` integer,
	`reason` text,
	`current_return_date` text,
	`previous_status` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`requested_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`approved_at` text,
	`rejected_at` text,
	`rejection_reason` text,
	`reminder_scheduled` integer DEFAULT false NOT NULL,
	`reminder_sent_at` text,
	`original_reminder_disabled` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`original_request_id`) REFERENCES `equipment_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`requested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`approved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `extension_requests_request_idx` ON `extension_requests` (`original_request_id`);