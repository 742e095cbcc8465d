CREATE TABLE "legal_holds" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"person_id" text COLLATE "C" NOT NULL,
	"reason" text COLLATE "C" NOT NULL,
	"ends_on" text COLLATE "C" NOT NULL,
	"placed_by" text COLLATE "C" NOT NULL,
	"placed_at" text COLLATE "C" NOT NULL,
	"released_at" text COLLATE "C",
	"released_by" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "retention_due" (
	"school_id" text COLLATE "C" NOT NULL,
	"record_class" text COLLATE "C" NOT NULL,
	"subject_kind" text COLLATE "C" NOT NULL,
	"subject_id" text COLLATE "C" NOT NULL,
	"passed_on" text COLLATE "C" NOT NULL,
	"records" integer NOT NULL,
	"first_seen_at" text COLLATE "C" NOT NULL,
	"erasable_from" text COLLATE "C" NOT NULL,
	"reviewed_at" text COLLATE "C",
	"reviewed_by" text COLLATE "C",
	CONSTRAINT "retention_due_school_id_record_class_subject_kind_subject_id_pk" PRIMARY KEY("school_id","record_class","subject_kind","subject_id")
);
--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_due" ADD CONSTRAINT "retention_due_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legal_holds_school_id_person_id_idx" ON "legal_holds" USING btree ("school_id","person_id");--> statement-breakpoint
CREATE INDEX "retention_due_school_id_erasable_from_idx" ON "retention_due" USING btree ("school_id","erasable_from");