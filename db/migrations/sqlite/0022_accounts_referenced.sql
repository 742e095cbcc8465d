PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_detail_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`person_id` text NOT NULL,
	`account_id` text NOT NULL,
	`changes` text NOT NULL,
	`before` text NOT NULL,
	`state` text NOT NULL,
	`reason` text,
	`created_at` text NOT NULL,
	`decided_at` text,
	`decided_by` text,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_detail_requests`("id", "school_id", "person_id", "account_id", "changes", "before", "state", "reason", "created_at", "decided_at", "decided_by") SELECT "id", "school_id", "person_id", "account_id", "changes", "before", "state", "reason", "created_at", "decided_at", "decided_by" FROM `detail_requests`;--> statement-breakpoint
DROP TABLE `detail_requests`;--> statement-breakpoint
ALTER TABLE `__new_detail_requests` RENAME TO `detail_requests`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `detail_requests_school_id_state_created_at_id_idx` ON `detail_requests` (`school_id`,`state`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `detail_requests_person_id_created_at_idx` ON `detail_requests` (`person_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `__new_family_access` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`account_id` text NOT NULL,
	`person_id` text NOT NULL,
	`created_at` text NOT NULL,
	`created_by` text NOT NULL,
	`ended_at` text,
	`ended_by` text,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_family_access`("id", "school_id", "account_id", "person_id", "created_at", "created_by", "ended_at", "ended_by") SELECT "id", "school_id", "account_id", "person_id", "created_at", "created_by", "ended_at", "ended_by" FROM `family_access`;--> statement-breakpoint
DROP TABLE `family_access`;--> statement-breakpoint
ALTER TABLE `__new_family_access` RENAME TO `family_access`;--> statement-breakpoint
CREATE INDEX `family_access_account_id_idx` ON `family_access` (`account_id`);--> statement-breakpoint
CREATE INDEX `family_access_school_id_person_id_idx` ON `family_access` (`school_id`,`person_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `family_access_live_account_id_idx` ON `family_access` (`account_id`) WHERE ended_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX `family_access_live_school_id_person_id_idx` ON `family_access` (`school_id`,`person_id`) WHERE ended_at is null;--> statement-breakpoint
CREATE TABLE `__new_passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`credential_id` text NOT NULL,
	`public_key` text NOT NULL,
	`counter` integer NOT NULL,
	`transports` text NOT NULL,
	`name` text NOT NULL,
	`created_at` text NOT NULL,
	`last_used_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_passkeys`("id", "account_id", "credential_id", "public_key", "counter", "transports", "name", "created_at", "last_used_at") SELECT "id", "account_id", "credential_id", "public_key", "counter", "transports", "name", "created_at", "last_used_at" FROM `passkeys`;--> statement-breakpoint
DROP TABLE `passkeys`;--> statement-breakpoint
ALTER TABLE `__new_passkeys` RENAME TO `passkeys`;--> statement-breakpoint
CREATE UNIQUE INDEX `passkeys_credential_id_idx` ON `passkeys` (`credential_id`);--> statement-breakpoint
CREATE INDEX `passkeys_account_id_idx` ON `passkeys` (`account_id`);--> statement-breakpoint
CREATE TABLE `__new_sign_in_links` (
	`id` text PRIMARY KEY NOT NULL,
	`secret_hash` text NOT NULL,
	`account_id` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_sign_in_links`("id", "secret_hash", "account_id", "created_at", "expires_at", "used_at") SELECT "id", "secret_hash", "account_id", "created_at", "expires_at", "used_at" FROM `sign_in_links`;--> statement-breakpoint
DROP TABLE `sign_in_links`;--> statement-breakpoint
ALTER TABLE `__new_sign_in_links` RENAME TO `sign_in_links`;--> statement-breakpoint
CREATE UNIQUE INDEX `sign_in_links_secret_hash_idx` ON `sign_in_links` (`secret_hash`);--> statement-breakpoint
CREATE TABLE `__new_staff_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`secret_hash` text NOT NULL,
	`account_id` text NOT NULL,
	`school_id` text NOT NULL,
	`method` text NOT NULL,
	`created_at` text NOT NULL,
	`last_seen_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`passkey_at` text,
	`preview_person_id` text,
	`ended_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_staff_sessions`("id", "secret_hash", "account_id", "school_id", "method", "created_at", "last_seen_at", "expires_at", "passkey_at", "preview_person_id", "ended_at") SELECT "id", "secret_hash", "account_id", "school_id", "method", "created_at", "last_seen_at", "expires_at", "passkey_at", "preview_person_id", "ended_at" FROM `staff_sessions`;--> statement-breakpoint
DROP TABLE `staff_sessions`;--> statement-breakpoint
ALTER TABLE `__new_staff_sessions` RENAME TO `staff_sessions`;--> statement-breakpoint
CREATE UNIQUE INDEX `staff_sessions_secret_hash_idx` ON `staff_sessions` (`secret_hash`);--> statement-breakpoint
CREATE INDEX `staff_sessions_account_id_idx` ON `staff_sessions` (`account_id`);