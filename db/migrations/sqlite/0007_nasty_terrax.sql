CREATE TABLE `hris_mappings` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`name` text NOT NULL,
	`columns` text NOT NULL,
	`date_format` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `hris_mappings_school_id_name_idx` ON `hris_mappings` (`school_id`,`name`);--> statement-breakpoint
CREATE TABLE `person_source_ids` (
	`school_id` text NOT NULL,
	`system` text NOT NULL,
	`source_id` text NOT NULL,
	`person_id` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`school_id`, `system`, `source_id`),
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `person_source_ids_person_id_system_idx` ON `person_source_ids` (`person_id`,`system`);--> statement-breakpoint
CREATE TABLE `staff_checks` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`person_id` text NOT NULL,
	`type` text NOT NULL,
	`number` text NOT NULL,
	`expires_on` text,
	`recorded_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_checks_person_id_type_number_idx` ON `staff_checks` (`person_id`,`type`,`number`);--> statement-breakpoint
CREATE TABLE `staff_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`mapping_id` text NOT NULL,
	`counts` text NOT NULL,
	`problems` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`mapping_id`) REFERENCES `hris_mappings`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `staff_imports_school_id_created_at_idx` ON `staff_imports` (`school_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `sync_run_changes` (
	`sequence` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`run_id` text NOT NULL,
	`table_name` text NOT NULL,
	`record_id` text NOT NULL,
	`operation` text NOT NULL,
	`before` text,
	`after` text NOT NULL,
	FOREIGN KEY (`run_id`) REFERENCES `sync_runs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sync_run_changes_run_id_sequence_idx` ON `sync_run_changes` (`run_id`,`sequence`);--> statement-breakpoint
CREATE TABLE `sync_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`system` text NOT NULL,
	`scope` text NOT NULL,
	`status` text NOT NULL,
	`reason` text,
	`confirmed` integer DEFAULT 0 NOT NULL,
	`run_day` text NOT NULL,
	`file` text NOT NULL,
	`unreadable` text NOT NULL,
	`problems` text NOT NULL,
	`rows` integer NOT NULL,
	`done` integer DEFAULT 0 NOT NULL,
	`created` integer DEFAULT 0 NOT NULL,
	`amended` integer DEFAULT 0 NOT NULL,
	`absent` integer DEFAULT 0 NOT NULL,
	`unchanged` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`applied_at` text,
	`reverted_at` text,
	`lease_owner` text,
	`lease_until` integer,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sync_runs_school_id_created_at_idx` ON `sync_runs` (`school_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `sync_runs_status_created_at_idx` ON `sync_runs` (`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `affiliations` ADD `role` text;