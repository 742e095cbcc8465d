CREATE TABLE `absences` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`child_id` text NOT NULL,
	`from_day` text NOT NULL,
	`to_day` text NOT NULL,
	`from_time` text,
	`to_time` text,
	`reason` text NOT NULL,
	`note` text,
	`document_key` text,
	`document_name` text,
	`document_type` text,
	`document_bytes` integer,
	`reported_by` text NOT NULL,
	`adult_id` text,
	`entered_by` text,
	`explains_id` text,
	`reported_at` text NOT NULL,
	`acknowledged_at` text,
	`acknowledged_by` text,
	`withdrawn_at` text,
	`withdrawn_by` text,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`child_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`adult_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `absences_school_id_from_day_idx` ON `absences` (`school_id`,`from_day`,`to_day`);--> statement-breakpoint
CREATE INDEX `absences_school_id_child_id_idx` ON `absences` (`school_id`,`child_id`,`from_day`);--> statement-breakpoint
CREATE INDEX `absences_school_id_reported_at_idx` ON `absences` (`school_id`,`reported_at`,`id`);--> statement-breakpoint
CREATE TABLE `unexplained_absences` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`child_id` text NOT NULL,
	`day` text NOT NULL,
	`from_time` text,
	`to_time` text,
	`period_key` text NOT NULL,
	`received_at` text NOT NULL,
	`received_by` text NOT NULL,
	`message_id` text,
	`notice_at` text,
	`queued_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`lease_owner` text,
	`lease_until` integer,
	`explained_at` text,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`child_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `unexplained_absences_school_id_child_id_day_period_idx` ON `unexplained_absences` (`school_id`,`child_id`,`day`,`period_key`);--> statement-breakpoint
CREATE INDEX `unexplained_absences_school_id_day_idx` ON `unexplained_absences` (`school_id`,`day`);--> statement-breakpoint
CREATE INDEX `unexplained_absences_notice_at_queued_at_idx` ON `unexplained_absences` (`notice_at`,`queued_at`,`id`);