CREATE TABLE "hris_mappings" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"columns" text COLLATE "C" NOT NULL,
	"date_format" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "person_source_ids" (
	"school_id" text COLLATE "C" NOT NULL,
	"system" text COLLATE "C" NOT NULL,
	"source_id" text COLLATE "C" NOT NULL,
	"person_id" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	CONSTRAINT "person_source_ids_school_id_system_source_id_pk" PRIMARY KEY("school_id","system","source_id")
);
--> statement-breakpoint
CREATE TABLE "staff_checks" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"person_id" text COLLATE "C" NOT NULL,
	"type" text COLLATE "C" NOT NULL,
	"number" text COLLATE "C" NOT NULL,
	"expires_on" text COLLATE "C",
	"recorded_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_imports" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"mapping_id" text COLLATE "C" NOT NULL,
	"counts" text COLLATE "C" NOT NULL,
	"problems" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_run_changes" (
	"sequence" bigserial PRIMARY KEY NOT NULL,
	"run_id" text COLLATE "C" NOT NULL,
	"table_name" text COLLATE "C" NOT NULL,
	"record_id" text COLLATE "C" NOT NULL,
	"operation" text COLLATE "C" NOT NULL,
	"before" text COLLATE "C",
	"after" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_runs" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"system" text COLLATE "C" NOT NULL,
	"scope" text COLLATE "C" NOT NULL,
	"status" text COLLATE "C" NOT NULL,
	"reason" text COLLATE "C",
	"confirmed" integer DEFAULT 0 NOT NULL,
	"run_day" text COLLATE "C" NOT NULL,
	"file" text COLLATE "C" NOT NULL,
	"unreadable" text COLLATE "C" NOT NULL,
	"problems" text COLLATE "C" NOT NULL,
	"rows" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"amended" integer DEFAULT 0 NOT NULL,
	"absent" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"applied_at" text COLLATE "C",
	"reverted_at" text COLLATE "C",
	"lease_owner" text COLLATE "C",
	"lease_until" bigint
);
--> statement-breakpoint
ALTER TABLE "affiliations" ADD COLUMN "role" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "hris_mappings" ADD CONSTRAINT "hris_mappings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_source_ids" ADD CONSTRAINT "person_source_ids_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_source_ids" ADD CONSTRAINT "person_source_ids_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_checks" ADD CONSTRAINT "staff_checks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_checks" ADD CONSTRAINT "staff_checks_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_imports" ADD CONSTRAINT "staff_imports_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_imports" ADD CONSTRAINT "staff_imports_mapping_id_hris_mappings_id_fk" FOREIGN KEY ("mapping_id") REFERENCES "public"."hris_mappings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_run_changes" ADD CONSTRAINT "sync_run_changes_run_id_sync_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."sync_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_runs" ADD CONSTRAINT "sync_runs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hris_mappings_school_id_name_idx" ON "hris_mappings" USING btree ("school_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "person_source_ids_person_id_system_idx" ON "person_source_ids" USING btree ("person_id","system");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_checks_person_id_type_number_idx" ON "staff_checks" USING btree ("person_id","type","number");--> statement-breakpoint
CREATE INDEX "staff_imports_school_id_created_at_idx" ON "staff_imports" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "sync_run_changes_run_id_sequence_idx" ON "sync_run_changes" USING btree ("run_id","sequence");--> statement-breakpoint
CREATE INDEX "sync_runs_school_id_created_at_idx" ON "sync_runs" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "sync_runs_status_created_at_idx" ON "sync_runs" USING btree ("status","created_at");