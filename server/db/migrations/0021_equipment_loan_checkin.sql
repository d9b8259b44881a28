ALTER TABLE `equipment_requests` ADD `rejection_reason` text;--> statement-breakpoint
ALTER TABLE `equipment_requests` ADD `return_condition` text;--> statement-breakpoint
ALTER TABLE `equipment_requests` ADD `damage_note` text;