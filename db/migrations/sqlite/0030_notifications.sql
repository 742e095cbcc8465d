CREATE TABLE `notification_choices` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`adult_id` text NOT NULL,
	`kind` text NOT NULL,
	`channel` text NOT NULL,
	`mode` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`adult_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notification_choices_adult_id_kind_channel_idx` ON `notification_choices` (`adult_id`,`kind`,`channel`);--> statement-breakpoint
CREATE TABLE `notification_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`message_id` text,
	`adult_id` text NOT NULL,
	`channel` text NOT NULL,
	`target` text NOT NULL,
	`child_ids` text NOT NULL,
	`status` text NOT NULL,
	`priority` integer NOT NULL,
	`attempts` integer NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`lease_owner` text,
	`lease_until` integer,
	`provider_id` text,
	`last_error` text,
	`digest_id` text,
	`digest_count` integer,
	`sent_at` text,
	`delivered_at` text,
	`reported` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`adult_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `notification_deliveries_channel_status_priority_idx` ON `notification_deliveries` (`channel`,`status`,`priority`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `notification_deliveries_message_id_idx` ON `notification_deliveries` (`message_id`);--> statement-breakpoint
CREATE INDEX `notification_deliveries_adult_id_status_idx` ON `notification_deliveries` (`adult_id`,`status`);--> statement-breakpoint
CREATE INDEX `notification_deliveries_digest_id_idx` ON `notification_deliveries` (`digest_id`);--> statement-breakpoint
CREATE INDEX `notification_deliveries_provider_id_idx` ON `notification_deliveries` (`provider_id`);--> statement-breakpoint
CREATE TABLE `push_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`adult_id` text NOT NULL,
	`account_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`label` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`adult_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint_idx` ON `push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_adult_id_idx` ON `push_subscriptions` (`adult_id`);--> statement-breakpoint
CREATE TABLE `school_notification_settings` (
	`school_id` text PRIMARY KEY NOT NULL,
	`digest_time` text NOT NULL,
	`optional_kinds` text NOT NULL,
	`text_gateway` text,
	`text_gateway_secret` text,
	`text_hook_key` text NOT NULL,
	`vapid_public_key` text,
	`vapid_private_key` text,
	`last_digest_day` text,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `text_opt_outs` (
	`school_id` text NOT NULL,
	`number` text NOT NULL,
	`stopped_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `text_opt_outs_school_id_number_idx` ON `text_opt_outs` (`school_id`,`number`);--> statement-breakpoint
ALTER TABLE `message_recipients` ADD `priority` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `message_recipients` ADD `digest_id` text;--> statement-breakpoint
CREATE INDEX `message_recipients_digest_id_idx` ON `message_recipients` (`digest_id`);--> statement-breakpoint
ALTER TABLE `messages` ADD `kind` text DEFAULT 'school' NOT NULL;--> statement-breakpoint
ALTER TABLE `messages` ADD `emergency` integer DEFAULT 0 NOT NULL;