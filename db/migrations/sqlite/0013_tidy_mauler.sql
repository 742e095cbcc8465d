CREATE TABLE `identity_decisions` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`person_id` text NOT NULL,
	`other_person_id` text NOT NULL,
	`decision` text NOT NULL,
	`subject_type` text NOT NULL,
	`subject_id` text NOT NULL,
	`decided_at` text NOT NULL,
	`decided_by` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`other_person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `identity_decisions_person_id_idx` ON `identity_decisions` (`person_id`);--> statement-breakpoint
CREATE INDEX `applications_school_id_state_received_at_id_idx` ON `applications` (`school_id`,`state`,`received_at`,`id`);