DROP INDEX `message_recipients_status_next_attempt_at_idx`;--> statement-breakpoint
CREATE INDEX `message_recipients_claim_order_idx` ON `message_recipients` (`status`,`priority`,`next_attempt_at`,`id`);--> statement-breakpoint
DROP INDEX `notification_deliveries_channel_status_priority_idx`;--> statement-breakpoint
CREATE INDEX `notification_deliveries_claim_order_idx` ON `notification_deliveries` (`channel`,`status`,`priority`,`next_attempt_at`,`id`);