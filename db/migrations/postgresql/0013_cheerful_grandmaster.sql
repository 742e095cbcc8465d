CREATE TABLE "identity_decisions" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"person_id" text COLLATE "C" NOT NULL,
	"other_person_id" text COLLATE "C" NOT NULL,
	"decision" text COLLATE "C" NOT NULL,
	"subject_type" text COLLATE "C" NOT NULL,
	"subject_id" text COLLATE "C" NOT NULL,
	"decided_at" text COLLATE "C" NOT NULL,
	"decided_by" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD COLUMN "paused_at" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "identity_decisions" ADD CONSTRAINT "identity_decisions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_decisions" ADD CONSTRAINT "identity_decisions_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_decisions" ADD CONSTRAINT "identity_decisions_other_person_id_people_id_fk" FOREIGN KEY ("other_person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_decisions_person_id_idx" ON "identity_decisions" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "people_school_id_family_first_key_idx" ON "people" USING btree ("school_id",replace(replace("name_key", '''', ''), '’', ''));--> statement-breakpoint
CREATE INDEX "people_school_id_given_first_key_idx" ON "people" USING btree ("school_id",replace(replace(split_part("name_key", chr(1), 2) || chr(1) || split_part("name_key", chr(1), 1), '''', ''), '’', ''));--> statement-breakpoint
CREATE INDEX "people_school_id_date_of_birth_idx" ON "people" USING btree ("school_id","date_of_birth");--> statement-breakpoint
CREATE INDEX "change_events_record_id_sequence_idx" ON "change_events" USING btree ("record_id","sequence");--> statement-breakpoint
CREATE INDEX "applications_school_id_state_received_at_id_idx" ON "applications" USING btree ("school_id","state","received_at","id");