CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`subscription_id` text NOT NULL,
	`school_id` text NOT NULL,
	`sequence` integer NOT NULL,
	`kind` text NOT NULL,
	`table_name` text NOT NULL,
	`record_id` text NOT NULL,
	`body` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_attempt_at` text,
	`last_status` integer,
	`last_answer` text,
	`last_duration_ms` integer,
	`delivered_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`subscription_id`) REFERENCES `webhook_subscriptions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_deliveries_subscription_id_sequence_idx` ON `webhook_deliveries` (`subscription_id`,`sequence`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_subscription_id_status_sequence_idx` ON `webhook_deliveries` (`subscription_id`,`status`,`sequence`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_status_created_at_idx` ON `webhook_deliveries` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `webhook_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`url` text NOT NULL,
	`kinds` text NOT NULL,
	`token_id` text NOT NULL,
	`signing_key` text NOT NULL,
	`created_at` text NOT NULL,
	`deleted_at` text,
	`last_sequence` integer NOT NULL,
	`held_until` integer DEFAULT 0 NOT NULL,
	`lease_owner` text,
	`lease_until` integer,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`token_id`) REFERENCES `api_tokens`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `webhook_subscriptions_school_id_idx` ON `webhook_subscriptions` (`school_id`);