CREATE TABLE `task_nights` (
	`id` text PRIMARY KEY NOT NULL,
	`task` text NOT NULL,
	`school_id` text NOT NULL,
	`night` text NOT NULL,
	`state` text NOT NULL,
	`lease_owner` text,
	`lease_until` integer,
	`created_at` text NOT NULL,
	`done_at` text,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `task_nights_task_state_created_at_idx` ON `task_nights` (`task`,`state`,`created_at`);