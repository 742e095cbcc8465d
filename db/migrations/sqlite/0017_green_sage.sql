CREATE TABLE `fee_concession_rules` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`version_id` text NOT NULL,
	`kind` text NOT NULL,
	`category` text,
	`percent_basis_points` integer,
	`amount` integer,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`version_id`) REFERENCES `fee_schedule_versions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `fee_concession_rules_version_id_idx` ON `fee_concession_rules` (`version_id`);--> statement-breakpoint
CREATE TABLE `fee_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`version_id` text NOT NULL,
	`position` integer NOT NULL,
	`category` text NOT NULL,
	`description` text NOT NULL,
	`amount` integer NOT NULL,
	`period_id` text,
	`year_levels` text NOT NULL,
	`campus_id` text,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`version_id`) REFERENCES `fee_schedule_versions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`period_id`) REFERENCES `fee_periods`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`campus_id`) REFERENCES `campuses`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `fee_lines_version_id_idx` ON `fee_lines` (`version_id`);--> statement-breakpoint
CREATE TABLE `fee_periods` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`version_id` text NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`starts_on` text NOT NULL,
	`ends_on` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`version_id`) REFERENCES `fee_schedule_versions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `fee_periods_version_id_idx` ON `fee_periods` (`version_id`);--> statement-breakpoint
CREATE TABLE `fee_schedule_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`schedule_id` text NOT NULL,
	`number` integer NOT NULL,
	`state` text NOT NULL,
	`replaces_version_id` text,
	`applies_from` text,
	`created_at` text NOT NULL,
	`created_by` text NOT NULL,
	`published_at` text,
	`published_by` text,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`schedule_id`) REFERENCES `fee_schedules`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fee_schedule_versions_schedule_id_number_idx` ON `fee_schedule_versions` (`schedule_id`,`number`);--> statement-breakpoint
CREATE TABLE `fee_schedules` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`name` text NOT NULL,
	`starts_on` text NOT NULL,
	`ends_on` text NOT NULL,
	`created_at` text NOT NULL,
	`created_by` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `fee_schedules_school_id_starts_on_idx` ON `fee_schedules` (`school_id`,`starts_on`);