CREATE TABLE `activity` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`at` text NOT NULL,
	`actor` text NOT NULL,
	`kind` text NOT NULL,
	`subject_type` text NOT NULL,
	`subject_id` text,
	`summary` text NOT NULL,
	`changes` text,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `activity_school_id_at_idx` ON `activity` (`school_id`,`at`);--> statement-breakpoint
CREATE INDEX `activity_school_id_kind_at_idx` ON `activity` (`school_id`,`kind`,`at`);--> statement-breakpoint
CREATE INDEX `activity_school_id_actor_at_idx` ON `activity` (`school_id`,`actor`,`at`);--> statement-breakpoint
ALTER TABLE `change_events` ADD `actor` text;