CREATE TABLE `restricted_views` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`person_id` text NOT NULL,
	`viewed_by` text NOT NULL,
	`viewed_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `restricted_views_school_id_viewed_at_idx` ON `restricted_views` (`school_id`,`viewed_at`);