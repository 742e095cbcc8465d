ALTER TABLE `api_tokens` ADD `last_write_at` text;--> statement-breakpoint
ALTER TABLE `staff_sessions` ADD `last_write_at` text;