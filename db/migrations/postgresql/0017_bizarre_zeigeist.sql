CREATE TABLE "fee_concession_rules" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"version_id" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"category" text COLLATE "C",
	"percent_basis_points" integer,
	"amount" integer
);
--> statement-breakpoint
CREATE TABLE "fee_lines" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"version_id" text COLLATE "C" NOT NULL,
	"position" integer NOT NULL,
	"category" text COLLATE "C" NOT NULL,
	"description" text COLLATE "C" NOT NULL,
	"amount" integer NOT NULL,
	"period_id" text COLLATE "C",
	"year_levels" text COLLATE "C" NOT NULL,
	"campus_id" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "fee_periods" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"version_id" text COLLATE "C" NOT NULL,
	"position" integer NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"starts_on" text COLLATE "C" NOT NULL,
	"ends_on" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_schedule_versions" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"schedule_id" text COLLATE "C" NOT NULL,
	"number" integer NOT NULL,
	"state" text COLLATE "C" NOT NULL,
	"replaces_version_id" text COLLATE "C",
	"applies_from" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"created_by" text COLLATE "C" NOT NULL,
	"published_at" text COLLATE "C",
	"published_by" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "fee_schedules" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"starts_on" text COLLATE "C" NOT NULL,
	"ends_on" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"created_by" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fee_concession_rules" ADD CONSTRAINT "fee_concession_rules_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_concession_rules" ADD CONSTRAINT "fee_concession_rules_version_id_fee_schedule_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."fee_schedule_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_lines" ADD CONSTRAINT "fee_lines_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_lines" ADD CONSTRAINT "fee_lines_version_id_fee_schedule_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."fee_schedule_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_lines" ADD CONSTRAINT "fee_lines_period_id_fee_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."fee_periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_lines" ADD CONSTRAINT "fee_lines_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_periods" ADD CONSTRAINT "fee_periods_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_periods" ADD CONSTRAINT "fee_periods_version_id_fee_schedule_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."fee_schedule_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_schedule_versions" ADD CONSTRAINT "fee_schedule_versions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_schedule_versions" ADD CONSTRAINT "fee_schedule_versions_schedule_id_fee_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."fee_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_schedules" ADD CONSTRAINT "fee_schedules_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_concession_rules_version_id_idx" ON "fee_concession_rules" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "fee_lines_version_id_idx" ON "fee_lines" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "fee_periods_version_id_idx" ON "fee_periods" USING btree ("version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_schedule_versions_schedule_id_number_idx" ON "fee_schedule_versions" USING btree ("schedule_id","number");--> statement-breakpoint
CREATE INDEX "fee_schedules_school_id_starts_on_idx" ON "fee_schedules" USING btree ("school_id","starts_on");