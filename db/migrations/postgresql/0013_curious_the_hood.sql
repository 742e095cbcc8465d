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
ALTER TABLE "identity_decisions" ADD CONSTRAINT "identity_decisions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_decisions" ADD CONSTRAINT "identity_decisions_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_decisions" ADD CONSTRAINT "identity_decisions_other_person_id_people_id_fk" FOREIGN KEY ("other_person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_decisions_person_id_idx" ON "identity_decisions" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "applications_school_id_state_received_at_id_idx" ON "applications" USING btree ("school_id","state","received_at","id");