CREATE TABLE `outbox_mails` (
	`id` text PRIMARY KEY NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `outbox_mails_created_at_idx` ON `outbox_mails` (`created_at`);--> statement-breakpoint
CREATE TABLE `passkey_challenges` (
	`challenge` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`account_id` text,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `passkey_challenges_expires_at_idx` ON `passkey_challenges` (`expires_at`);--> statement-breakpoint
CREATE TABLE `passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`credential_id` text NOT NULL,
	`public_key` text NOT NULL,
	`counter` integer NOT NULL,
	`transports` text NOT NULL,
	`name` text NOT NULL,
	`created_at` text NOT NULL,
	`last_used_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `staff_accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `passkeys_credential_id_idx` ON `passkeys` (`credential_id`);--> statement-breakpoint
CREATE INDEX `passkeys_account_id_idx` ON `passkeys` (`account_id`);--> statement-breakpoint
CREATE TABLE `sign_in_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`account_id` text,
	`code_hash` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`failed_tries` integer NOT NULL,
	`used_at` text,
	`replaced_at` text
);
--> statement-breakpoint
CREATE INDEX `sign_in_codes_email_created_at_idx` ON `sign_in_codes` (`email`,`created_at`);--> statement-breakpoint
CREATE TABLE `sign_in_links` (
	`id` text PRIMARY KEY NOT NULL,
	`secret_hash` text NOT NULL,
	`account_id` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `staff_accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sign_in_links_secret_hash_idx` ON `sign_in_links` (`secret_hash`);--> statement-breakpoint
CREATE TABLE `sign_in_policies` (
	`school_id` text PRIMARY KEY NOT NULL,
	`passkeys_required` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `staff_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`email` text NOT NULL,
	`person_id` text,
	`role` text NOT NULL,
	`created_at` text NOT NULL,
	`removed_at` text,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_accounts_email_idx` ON `staff_accounts` (`email`);--> statement-breakpoint
CREATE INDEX `staff_accounts_school_id_idx` ON `staff_accounts` (`school_id`);--> statement-breakpoint
CREATE TABLE `staff_roles` (
	`school_id` text NOT NULL,
	`name` text NOT NULL,
	`capabilities` text NOT NULL,
	PRIMARY KEY(`school_id`, `name`),
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `staff_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`secret_hash` text NOT NULL,
	`account_id` text NOT NULL,
	`school_id` text NOT NULL,
	`method` text NOT NULL,
	`created_at` text NOT NULL,
	`last_seen_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`passkey_at` text,
	`ended_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `staff_accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_sessions_secret_hash_idx` ON `staff_sessions` (`secret_hash`);--> statement-breakpoint
CREATE INDEX `staff_sessions_account_id_idx` ON `staff_sessions` (`account_id`);--> statement-breakpoint
ALTER TABLE `api_tokens` ADD `issued_by` text;--> statement-breakpoint
ALTER TABLE `api_tokens` ADD `last_used_at` text;