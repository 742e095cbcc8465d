CREATE TABLE `legal_holds` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`person_id` text NOT NULL,
	`reason` text NOT NULL,
	`ends_on` text NOT NULL,
	`placed_by` text NOT NULL,
	`placed_at` text NOT NULL,
	`released_at` text,
	`released_by` text,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `legal_holds_school_id_person_id_idx` ON `legal_holds` (`school_id`,`person_id`);--> statement-breakpoint
CREATE TABLE `retention_due` (
	`school_id` text NOT NULL,
	`record_class` text NOT NULL,
	`subject_kind` text NOT NULL,
	`subject_id` text NOT NULL,
	`passed_on` text NOT NULL,
	`records` integer NOT NULL,
	`first_seen_at` text NOT NULL,
	`erasable_from` text NOT NULL,
	`reviewed_at` text,
	`reviewed_by` text,
	PRIMARY KEY(`school_id`, `record_class`, `subject_kind`, `subject_id`),
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `retention_due_school_id_erasable_from_idx` ON `retention_due` (`school_id`,`erasable_from`);