CREATE TABLE `retention_actions` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`action` text NOT NULL,
	`record_class` text NOT NULL,
	`count` integer NOT NULL,
	`rule` text NOT NULL,
	`approved_by` text NOT NULL,
	`occurred_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `retention_actions_school_id_occurred_at_idx` ON `retention_actions` (`school_id`,`occurred_at`);