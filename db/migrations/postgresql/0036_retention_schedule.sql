CREATE TABLE "retention_periods" (
	"school_id" text COLLATE "C" NOT NULL,
	"record_class" text COLLATE "C" NOT NULL,
	"months" integer NOT NULL,
	"changed_by" text COLLATE "C" NOT NULL,
	"changed_at" text COLLATE "C" NOT NULL,
	"reason" text COLLATE "C",
	CONSTRAINT "retention_periods_school_id_record_class_pk" PRIMARY KEY("school_id","record_class")
);
--> statement-breakpoint
ALTER TABLE "retention_periods" ADD CONSTRAINT "retention_periods_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;