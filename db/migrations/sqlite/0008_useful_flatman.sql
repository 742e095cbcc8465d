CREATE TABLE `export_column_classes` (
	`school_id` text NOT NULL,
	`column` text NOT NULL,
	`column_class` text NOT NULL,
	`set_at` text NOT NULL,
	PRIMARY KEY(`school_id`, `column`),
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `export_files` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`table_key` text NOT NULL,
	`file_name` text NOT NULL,
	`storage_key` text NOT NULL,
	`night` text NOT NULL,
	`rows` integer NOT NULL,
	`columns` text NOT NULL,
	`checksum` text NOT NULL,
	`bytes` integer NOT NULL,
	`produced_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `export_files_school_id_table_key_produced_at_idx` ON `export_files` (`school_id`,`table_key`,`produced_at`);--> statement-breakpoint
CREATE TABLE `export_nights` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`night` text NOT NULL,
	`state` text NOT NULL,
	`lease_owner` text,
	`lease_until` integer,
	`created_at` text NOT NULL,
	`done_at` text,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `export_nights_state_created_at_idx` ON `export_nights` (`state`,`created_at`);--> statement-breakpoint
CREATE TABLE `export_settings` (
	`school_id` text PRIMARY KEY NOT NULL,
	`retention_days` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
