CREATE TABLE `oneroster_access_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`client_id` text NOT NULL,
	`school_id` text NOT NULL,
	`scopes` text NOT NULL,
	`issued_at` text NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `oneroster_clients`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `oneroster_access_tokens_client_id_idx` ON `oneroster_access_tokens` (`client_id`);--> statement-breakpoint
CREATE INDEX `oneroster_access_tokens_expires_at_idx` ON `oneroster_access_tokens` (`expires_at`);--> statement-breakpoint
CREATE TABLE `oneroster_clients` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`name` text NOT NULL,
	`scopes` text NOT NULL,
	`secret_hash` text NOT NULL,
	`created_at` text NOT NULL,
	`created_by` text NOT NULL,
	`revoked_at` text,
	`last_used_at` text,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `oneroster_clients_school_id_idx` ON `oneroster_clients` (`school_id`);--> statement-breakpoint
CREATE TABLE `oneroster_objects` (
	`school_id` text NOT NULL,
	`kind` text NOT NULL,
	`sourced_id` text NOT NULL,
	`status` text NOT NULL,
	`date_last_modified` text NOT NULL,
	`content_hash` text NOT NULL,
	`body` text NOT NULL,
	`class_sourced_id` text,
	`user_sourced_id` text,
	`role` text,
	PRIMARY KEY(`school_id`, `kind`, `sourced_id`),
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `oneroster_objects_role_idx` ON `oneroster_objects` (`school_id`,`kind`,`role`,`sourced_id`);--> statement-breakpoint
CREATE INDEX `oneroster_objects_modified_idx` ON `oneroster_objects` (`school_id`,`kind`,`date_last_modified`);--> statement-breakpoint
CREATE INDEX `oneroster_objects_class_idx` ON `oneroster_objects` (`school_id`,`kind`,`class_sourced_id`);--> statement-breakpoint
CREATE INDEX `oneroster_objects_user_idx` ON `oneroster_objects` (`school_id`,`kind`,`user_sourced_id`);--> statement-breakpoint
CREATE TABLE `oneroster_refreshes` (
	`school_id` text PRIMARY KEY NOT NULL,
	`data_version` integer NOT NULL,
	`day` text NOT NULL,
	`refreshed_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
