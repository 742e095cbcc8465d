CREATE TABLE `message_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`message_id` text NOT NULL,
	`language` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `message_versions_message_id_language_idx` ON `message_versions` (`message_id`,`language`);