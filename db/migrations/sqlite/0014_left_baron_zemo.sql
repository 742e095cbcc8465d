DROP INDEX `affiliations_person_id_idx`;--> statement-breakpoint
CREATE INDEX `affiliations_person_id_valid_from_id_idx` ON `affiliations` (`person_id`,`valid_from`,`id`);--> statement-breakpoint
ALTER TABLE `court_orders` ADD `purposes` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `protection_flags` ADD `safe_adult_ids` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `applications_affiliation_id_idx` ON `applications` (`affiliation_id`);