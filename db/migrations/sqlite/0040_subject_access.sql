CREATE TABLE `subject_access_items` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`request_id` text NOT NULL,
	`item_kind` text NOT NULL,
	`record_id` text NOT NULL,
	`decision` text,
	`reason` text,
	`decided_by` text,
	`decided_at` text,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`request_id`) REFERENCES `subject_access_requests`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subject_access_items_request_id_item_kind_record_id_idx` ON `subject_access_items` (`request_id`,`item_kind`,`record_id`);--> statement-breakpoint
CREATE TABLE `subject_access_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`kind` text NOT NULL,
	`subject_id` text NOT NULL,
	`requester_id` text,
	`requester_description` text,
	`received_on` text NOT NULL,
	`verified_how` text NOT NULL,
	`deadline_rule` text NOT NULL,
	`deadline` text NOT NULL,
	`extension_months` integer DEFAULT 0 NOT NULL,
	`extension_reason` text,
	`extended_by` text,
	`extended_at` text,
	`state` text NOT NULL,
	`assembled_at` text,
	`channel` text,
	`outcome` text,
	`logged_by` text NOT NULL,
	`logged_at` text NOT NULL,
	`closed_by` text,
	`closed_at` text,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`subject_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`requester_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `subject_access_requests_school_id_deadline_idx` ON `subject_access_requests` (`school_id`,`deadline`,`id`);--> statement-breakpoint
CREATE INDEX `subject_access_requests_school_id_state_idx` ON `subject_access_requests` (`school_id`,`state`,`deadline`);--> statement-breakpoint
CREATE INDEX `subject_access_requests_school_id_subject_id_idx` ON `subject_access_requests` (`school_id`,`subject_id`);