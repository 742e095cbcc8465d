CREATE TABLE `accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`email` text NOT NULL,
	`person_id` text,
	`created_at` text NOT NULL,
	`removed_at` text,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `accounts_email_idx` ON `accounts` (`email`);--> statement-breakpoint
CREATE INDEX `accounts_school_id_idx` ON `accounts` (`school_id`);--> statement-breakpoint
CREATE TABLE `staff_access` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`account_id` text NOT NULL,
	`role` text NOT NULL,
	`created_at` text NOT NULL,
	`ended_at` text,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_access_live_account_id_idx` ON `staff_access` (`account_id`) WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX `staff_access_account_id_idx` ON `staff_access` (`account_id`);--> statement-breakpoint
CREATE INDEX `staff_access_school_id_role_idx` ON `staff_access` (`school_id`,`role`);