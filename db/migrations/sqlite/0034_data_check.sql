CREATE TABLE `child_contacts` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`child_id` text NOT NULL,
	`kind` text NOT NULL,
	`position` integer NOT NULL,
	`person_id` text,
	`name` text NOT NULL,
	`phone` text NOT NULL,
	`relationship` text,
	`updated_at` text NOT NULL,
	`updated_by` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`child_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `child_contacts_school_id_child_id_kind_position_idx` ON `child_contacts` (`school_id`,`child_id`,`kind`,`position`);--> statement-breakpoint
CREATE TABLE `child_medical_needs` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`child_id` text NOT NULL,
	`position` integer NOT NULL,
	`need` text NOT NULL,
	`care` text,
	`updated_at` text NOT NULL,
	`updated_by` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`child_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `child_medical_needs_school_id_child_id_position_idx` ON `child_medical_needs` (`school_id`,`child_id`,`position`);--> statement-breakpoint
CREATE TABLE `data_check_adults` (
	`check_id` text NOT NULL,
	`adult_id` text NOT NULL,
	`school_id` text NOT NULL,
	`state` text NOT NULL,
	`answered_at` text,
	`reminded_at` text,
	PRIMARY KEY(`check_id`, `adult_id`),
	FOREIGN KEY (`check_id`) REFERENCES `data_checks`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`adult_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `data_check_adults_school_id_adult_id_idx` ON `data_check_adults` (`school_id`,`adult_id`);--> statement-breakpoint
CREATE TABLE `data_check_children` (
	`check_id` text NOT NULL,
	`child_id` text NOT NULL,
	`adult_id` text NOT NULL,
	`school_id` text NOT NULL,
	`class_code` text NOT NULL,
	PRIMARY KEY(`check_id`, `child_id`, `adult_id`),
	FOREIGN KEY (`check_id`) REFERENCES `data_checks`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`child_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`adult_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `data_check_children_check_id_class_code_idx` ON `data_check_children` (`check_id`,`class_code`);--> statement-breakpoint
CREATE INDEX `data_check_children_check_id_adult_id_idx` ON `data_check_children` (`check_id`,`adult_id`);--> statement-breakpoint
CREATE TABLE `data_checks` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`audience` text NOT NULL,
	`closes_on` text NOT NULL,
	`status` text NOT NULL,
	`created_at` text NOT NULL,
	`created_by` text NOT NULL,
	`reminded_at` text,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `data_checks_school_id_created_at_idx` ON `data_checks` (`school_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `detail_requests` ADD `child_id` text;