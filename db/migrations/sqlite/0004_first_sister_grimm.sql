CREATE TABLE `application_adults` (
	`id` text PRIMARY KEY NOT NULL,
	`application_id` text NOT NULL,
	`person_id` text NOT NULL,
	`position` integer NOT NULL,
	`relationship` text,
	FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `application_adults_application_id_position_idx` ON `application_adults` (`application_id`,`position`);--> statement-breakpoint
CREATE INDEX `application_adults_person_id_idx` ON `application_adults` (`person_id`);--> statement-breakpoint
CREATE TABLE `application_events` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`application_id` text NOT NULL,
	`person_id` text NOT NULL,
	`kind` text NOT NULL,
	`occurred_on` text NOT NULL,
	`reason` text,
	`recorded_at` text NOT NULL,
	`recorded_by` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `application_events_application_id_kind_idx` ON `application_events` (`application_id`,`kind`);--> statement-breakpoint
CREATE TABLE `applications` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`student_id` text NOT NULL,
	`origin` text NOT NULL,
	`state` text NOT NULL,
	`year_level` text NOT NULL,
	`entry_year` integer,
	`campus_id` text,
	`load_basis_points` integer,
	`starts_on` text,
	`affiliation_id` text,
	`received_at` text NOT NULL,
	`offered_at` text,
	`offered_by` text,
	`answered_at` text,
	`answered_by` text,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`student_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`campus_id`) REFERENCES `campuses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`affiliation_id`) REFERENCES `affiliations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `applications_school_id_state_starts_on_id_idx` ON `applications` (`school_id`,`state`,`starts_on`,`id`);--> statement-breakpoint
CREATE INDEX `applications_school_id_received_at_id_idx` ON `applications` (`school_id`,`received_at`,`id`);--> statement-breakpoint
CREATE INDEX `applications_student_id_idx` ON `applications` (`student_id`);--> statement-breakpoint
CREATE TABLE `bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`tour_id` text NOT NULL,
	`enquiry_id` text NOT NULL,
	`received_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`tour_id`) REFERENCES `tours`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`enquiry_id`) REFERENCES `enquiries`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `bookings_tour_id_idx` ON `bookings` (`tour_id`);--> statement-breakpoint
CREATE TABLE `tours` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`title` text NOT NULL,
	`starts_at` text NOT NULL,
	`venue` text NOT NULL,
	`capacity` integer NOT NULL,
	`booked` integer DEFAULT 0 NOT NULL,
	`campus_id` text,
	`audience` text NOT NULL,
	`cancelled_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`campus_id`) REFERENCES `campuses`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `tours_school_id_starts_at_idx` ON `tours` (`school_id`,`starts_at`);--> statement-breakpoint
CREATE INDEX `people_school_id_phone_idx` ON `people` (`school_id`,`phone`);