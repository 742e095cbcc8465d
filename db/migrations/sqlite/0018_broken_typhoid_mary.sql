CREATE TABLE `consent_ask_children` (
	`ask_id` text NOT NULL,
	`child_id` text NOT NULL,
	`school_id` text NOT NULL,
	PRIMARY KEY(`ask_id`, `child_id`),
	FOREIGN KEY (`ask_id`) REFERENCES `consent_asks`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`child_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `consent_ask_children_child_id_idx` ON `consent_ask_children` (`child_id`);--> statement-breakpoint
CREATE TABLE `consent_asks` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`purpose_id` text NOT NULL,
	`subject` text,
	`audience` text NOT NULL,
	`closes_on` text NOT NULL,
	`occasion_on` text,
	`answered_by` text NOT NULL,
	`status` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`purpose_id`) REFERENCES `consent_purposes`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `consent_asks_school_id_created_at_idx` ON `consent_asks` (`school_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `consent_purposes` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`name` text NOT NULL,
	`about_named_thing` text NOT NULL,
	`lasting` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `consent_purposes_school_id_name_idx` ON `consent_purposes` (`school_id`,`name`);--> statement-breakpoint
CREATE TABLE `consents` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`ask_id` text NOT NULL,
	`purpose_id` text NOT NULL,
	`child_id` text NOT NULL,
	`adult_id` text NOT NULL,
	`answer` text NOT NULL,
	`effective_from` text NOT NULL,
	`entered_by` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`ask_id`) REFERENCES `consent_asks`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`purpose_id`) REFERENCES `consent_purposes`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`child_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`adult_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `consents_school_id_ask_id_child_id_idx` ON `consents` (`school_id`,`ask_id`,`child_id`);--> statement-breakpoint
CREATE INDEX `consents_school_id_purpose_id_child_id_idx` ON `consents` (`school_id`,`purpose_id`,`child_id`);--> statement-breakpoint
CREATE INDEX `consents_adult_id_idx` ON `consents` (`adult_id`);--> statement-breakpoint
CREATE TABLE `activity_members` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`activity` text NOT NULL,
	`person_id` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `activity_members_school_id_activity_person_id_idx` ON `activity_members` (`school_id`,`activity`,`person_id`);--> statement-breakpoint
CREATE TABLE `message_recipients` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`message_id` text NOT NULL,
	`adult_id` text NOT NULL,
	`email` text,
	`status` text NOT NULL,
	`attempts` integer NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`lease_owner` text,
	`lease_until` integer,
	`last_error` text,
	`sent_at` text,
	`read_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`adult_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `message_recipients_message_id_adult_id_idx` ON `message_recipients` (`message_id`,`adult_id`);--> statement-breakpoint
CREATE INDEX `message_recipients_status_next_attempt_at_idx` ON `message_recipients` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `message_recipients_school_id_adult_id_idx` ON `message_recipients` (`school_id`,`adult_id`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`audience` text NOT NULL,
	`ask_id` text,
	`sent_by` text NOT NULL,
	`adult_count` integer NOT NULL,
	`child_count` integer NOT NULL,
	`left_out_count` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `messages_school_id_created_at_idx` ON `messages` (`school_id`,`created_at`);