ALTER TABLE "people" ADD COLUMN "erased_at" text COLLATE "C";--> statement-breakpoint
CREATE INDEX "enquiries_student_id_idx" ON "enquiries" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "enquiries_enquirer_id_idx" ON "enquiries" USING btree ("enquirer_id");--> statement-breakpoint
CREATE INDEX "identity_decisions_other_person_id_idx" ON "identity_decisions" USING btree ("other_person_id");--> statement-breakpoint
CREATE INDEX "court_orders_restrained_person_id_idx" ON "court_orders" USING btree ("restrained_person_id");--> statement-breakpoint
CREATE INDEX "sync_run_changes_record_id_idx" ON "sync_run_changes" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "accounts_person_id_idx" ON "accounts" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "activity_school_id_subject_type_subject_id_idx" ON "activity" USING btree ("school_id","subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "consents_child_id_idx" ON "consents" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "activity_members_person_id_idx" ON "activity_members" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "child_contacts_person_id_idx" ON "child_contacts" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "data_check_children_child_id_idx" ON "data_check_children" USING btree ("child_id");