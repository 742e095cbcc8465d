CREATE TABLE `detail_requests` (
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
	FOREIGN KEY (`account_id`) REFERENCES `staff_accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `detail_requests_school_id_state_created_at_id_idx` ON `detail_requests` (`school_id`,`state`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `detail_requests_person_id_created_at_idx` ON `detail_requests` (`person_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `family_access` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`account_id` text NOT NULL,
	`person_id` text NOT NULL,
	`created_at` text NOT NULL,
	`created_by` text NOT NULL,
	`ended_at` text,
	`ended_by` text,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`account_id`) REFERENCES `staff_accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `family_access_account_id_idx` ON `family_access` (`account_id`);--> statement-breakpoint
CREATE INDEX `family_access_school_id_person_id_idx` ON `family_access` (`school_id`,`person_id`);--> statement-breakpoint
ALTER TABLE `staff_sessions` ADD `preview_person_id` text;