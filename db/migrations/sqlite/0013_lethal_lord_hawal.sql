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
ALTER TABLE `webhook_subscriptions` ADD `paused_at` text;--> statement-breakpoint
CREATE INDEX `people_school_id_family_first_key_idx` ON `people` (`school_id`,replace(replace("name_key", '''', ''), '’', ''));--> statement-breakpoint
CREATE INDEX `people_school_id_given_first_key_idx` ON `people` (`school_id`,replace(replace(substr("name_key", instr("name_key", char(1)) + 1) || char(1) || substr("name_key", 1, instr("name_key", char(1)) - 1), '''', ''), '’', ''));--> statement-breakpoint
CREATE INDEX `people_school_id_date_of_birth_idx` ON `people` (`school_id`,`date_of_birth`);--> statement-breakpoint
CREATE INDEX `change_events_record_id_sequence_idx` ON `change_events` (`record_id`,`sequence`);--> statement-breakpoint
CREATE INDEX `applications_school_id_state_received_at_id_idx` ON `applications` (`school_id`,`state`,`received_at`,`id`);