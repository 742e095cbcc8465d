CREATE TABLE `consent_ask_reminders` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`ask_id` text NOT NULL,
	`due` text NOT NULL,
	`due_on` text NOT NULL,
	`message_id` text,
	`adults` integer NOT NULL,
	`sent_by` text,
	`sent_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`ask_id`) REFERENCES `consent_asks`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `consent_ask_reminders_ask_id_due_idx` ON `consent_ask_reminders` (`ask_id`,`due`);--> statement-breakpoint
ALTER TABLE `consent_asks` ADD `text` text;--> statement-breakpoint
ALTER TABLE `consent_asks` ADD `signature` text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE `consent_asks` ADD `questions` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `consent_asks` ADD `reminder_schedule` text DEFAULT '{"afterSending":[],"beforeClosing":[]}' NOT NULL;--> statement-breakpoint
ALTER TABLE `consent_asks` ADD `next_reminder_on` text;--> statement-breakpoint
ALTER TABLE `consent_asks` ADD `signed_at` text;--> statement-breakpoint
CREATE INDEX `consent_asks_next_reminder_on_idx` ON `consent_asks` (`next_reminder_on`);--> statement-breakpoint
ALTER TABLE `consents` ADD `signed_name` text;--> statement-breakpoint
ALTER TABLE `consents` ADD `signed_account_id` text;--> statement-breakpoint
ALTER TABLE `consents` ADD `signed_address` text;--> statement-breakpoint
ALTER TABLE `consents` ADD `signed_browser` text;--> statement-breakpoint
ALTER TABLE `consents` ADD `shown_hash` text;--> statement-breakpoint
ALTER TABLE `consents` ADD `shown_language` text;--> statement-breakpoint
ALTER TABLE `consents` ADD `form_answers` text;--> statement-breakpoint
ALTER TABLE `consents` ADD `medical_answers` text;