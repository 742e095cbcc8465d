CREATE TABLE `data_receipts` (
	`school_id` text NOT NULL,
	`token_id` text NOT NULL,
	`person_id` text NOT NULL,
	`day` text NOT NULL,
	`scopes` text NOT NULL,
	`reads` integer NOT NULL,
	`last_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`token_id`) REFERENCES `api_tokens`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `data_receipts_token_id_person_id_day_scopes_idx` ON `data_receipts` (`token_id`,`person_id`,`day`,`scopes`);--> statement-breakpoint
CREATE INDEX `data_receipts_school_id_person_id_day_idx` ON `data_receipts` (`school_id`,`person_id`,`day`);--> statement-breakpoint
CREATE INDEX `data_receipts_day_idx` ON `data_receipts` (`day`);