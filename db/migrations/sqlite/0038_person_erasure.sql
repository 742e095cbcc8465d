ALTER TABLE `people` ADD `erased_at` text;--> statement-breakpoint
CREATE INDEX `enquiries_student_id_idx` ON `enquiries` (`student_id`);--> statement-breakpoint
CREATE INDEX `enquiries_enquirer_id_idx` ON `enquiries` (`enquirer_id`);--> statement-breakpoint
CREATE INDEX `identity_decisions_other_person_id_idx` ON `identity_decisions` (`other_person_id`);--> statement-breakpoint
CREATE INDEX `court_orders_restrained_person_id_idx` ON `court_orders` (`restrained_person_id`);--> statement-breakpoint
CREATE INDEX `sync_run_changes_record_id_idx` ON `sync_run_changes` (`record_id`);--> statement-breakpoint
CREATE INDEX `accounts_person_id_idx` ON `accounts` (`person_id`);--> statement-breakpoint
CREATE INDEX `activity_school_id_subject_type_subject_id_idx` ON `activity` (`school_id`,`subject_type`,`subject_id`);--> statement-breakpoint
CREATE INDEX `consents_child_id_idx` ON `consents` (`child_id`);--> statement-breakpoint
CREATE INDEX `activity_members_person_id_idx` ON `activity_members` (`person_id`);--> statement-breakpoint
CREATE INDEX `child_contacts_person_id_idx` ON `child_contacts` (`person_id`);--> statement-breakpoint
CREATE INDEX `data_check_children_child_id_idx` ON `data_check_children` (`child_id`);