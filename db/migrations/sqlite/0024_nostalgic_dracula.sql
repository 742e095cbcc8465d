ALTER TABLE `schools` ADD `last_event_position` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `change_events` ADD `position` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `detail_requests` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `message_recipients` ADD `child_ids` text DEFAULT '[]' NOT NULL;