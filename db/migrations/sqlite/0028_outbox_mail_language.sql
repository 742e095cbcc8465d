ALTER TABLE `outbox_mails` ADD `html` text;--> statement-breakpoint
ALTER TABLE `outbox_mails` ADD `language` text;