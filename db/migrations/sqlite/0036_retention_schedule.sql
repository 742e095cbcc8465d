CREATE TABLE `retention_periods` (
	`school_id` text NOT NULL,
	`record_class` text NOT NULL,
	`months` integer NOT NULL,
	`changed_by` text NOT NULL,
	`changed_at` text NOT NULL,
	`reason` text,
	PRIMARY KEY(`school_id`, `record_class`),
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
