DROP INDEX `sign_in_codes_email_created_at_idx`;--> statement-breakpoint
ALTER TABLE `sign_in_codes` ADD `client` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `sign_in_codes_email_client_created_at_idx` ON `sign_in_codes` (`email`,`client`,`created_at`);