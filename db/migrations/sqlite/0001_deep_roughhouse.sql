CREATE TABLE `name_history` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`person_id` text NOT NULL,
	`family_name` text NOT NULL,
	`given_names` text NOT NULL,
	`held_from` text,
	`held_to` text NOT NULL,
	`change` text NOT NULL,
	`recorded_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `name_history_person_id_held_to_idx` ON `name_history` (`person_id`,`held_to`);--> statement-breakpoint
CREATE TABLE `parental_responsibilities` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`adult_id` text NOT NULL,
	`child_id` text NOT NULL,
	`relationship` text,
	`valid_from` text NOT NULL,
	`valid_to` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`adult_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`child_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `parental_responsibilities_child_id_valid_from_idx` ON `parental_responsibilities` (`child_id`,`valid_from`);--> statement-breakpoint
CREATE INDEX `parental_responsibilities_adult_id_idx` ON `parental_responsibilities` (`adult_id`);--> statement-breakpoint
CREATE TABLE `billing_responsibilities` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`student_id` text NOT NULL,
	`payer_id` text NOT NULL,
	`category` text NOT NULL,
	`share` integer NOT NULL,
	`valid_from` text NOT NULL,
	`valid_to` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`student_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payer_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `billing_responsibilities_student_id_category_idx` ON `billing_responsibilities` (`student_id`,`category`);--> statement-breakpoint
CREATE TABLE `concessions` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`student_id` text NOT NULL,
	`kind` text NOT NULL,
	`valid_from` text NOT NULL,
	`valid_to` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`student_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `concessions_student_id_idx` ON `concessions` (`student_id`);--> statement-breakpoint
CREATE TABLE `court_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`child_id` text NOT NULL,
	`kind` text NOT NULL,
	`restrained_person_id` text,
	`summary` text,
	`valid_from` text NOT NULL,
	`valid_to` text,
	`recorded_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`child_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`restrained_person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `court_orders_child_id_idx` ON `court_orders` (`child_id`);--> statement-breakpoint
CREATE TABLE `exit_reasons` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`affiliation_id` text NOT NULL,
	`person_id` text NOT NULL,
	`reason` text NOT NULL,
	`note` text,
	`recorded_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`affiliation_id`) REFERENCES `affiliations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `exit_reasons_person_id_idx` ON `exit_reasons` (`person_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `exit_reasons_affiliation_id_idx` ON `exit_reasons` (`affiliation_id`);--> statement-breakpoint
CREATE TABLE `protection_flags` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`person_id` text NOT NULL,
	`kind` text NOT NULL,
	`note` text,
	`valid_from` text NOT NULL,
	`valid_to` text,
	`recorded_at` text NOT NULL,
	`lifted_at` text,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `protection_flags_person_id_idx` ON `protection_flags` (`person_id`);--> statement-breakpoint
ALTER TABLE `affiliations` ADD `year_level` text;--> statement-breakpoint
ALTER TABLE `affiliations` ADD `campus_id` text REFERENCES campuses(id);--> statement-breakpoint
CREATE INDEX `affiliations_school_id_kind_valid_from_id_idx` ON `affiliations` (`school_id`,`kind`,`valid_from`,`id`);--> statement-breakpoint
CREATE INDEX `affiliations_person_id_kind_valid_from_valid_to_year_level_idx` ON `affiliations` (`person_id`,`kind`,`valid_from`,`valid_to`,`year_level`);