CREATE TABLE "name_history" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"person_id" text COLLATE "C" NOT NULL,
	"family_name" text COLLATE "C" NOT NULL,
	"given_names" text COLLATE "C" NOT NULL,
	"held_from" text COLLATE "C",
	"held_to" text COLLATE "C" NOT NULL,
	"change" text COLLATE "C" NOT NULL,
	"recorded_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parental_responsibilities" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"adult_id" text COLLATE "C" NOT NULL,
	"child_id" text COLLATE "C" NOT NULL,
	"relationship" text COLLATE "C",
	"valid_from" text COLLATE "C" NOT NULL,
	"valid_to" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_responsibilities" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"student_id" text COLLATE "C" NOT NULL,
	"payer_id" text COLLATE "C" NOT NULL,
	"category" text COLLATE "C" NOT NULL,
	"share" integer NOT NULL,
	"valid_from" text COLLATE "C" NOT NULL,
	"valid_to" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "concessions" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"student_id" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"valid_from" text COLLATE "C" NOT NULL,
	"valid_to" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "court_orders" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"child_id" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"restrained_person_id" text COLLATE "C",
	"summary" text COLLATE "C",
	"valid_from" text COLLATE "C" NOT NULL,
	"valid_to" text COLLATE "C",
	"recorded_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exit_reasons" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"affiliation_id" text COLLATE "C" NOT NULL,
	"person_id" text COLLATE "C" NOT NULL,
	"reason" text COLLATE "C" NOT NULL,
	"note" text COLLATE "C",
	"recorded_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protection_flags" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"person_id" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"note" text COLLATE "C",
	"valid_from" text COLLATE "C" NOT NULL,
	"valid_to" text COLLATE "C",
	"recorded_at" text COLLATE "C" NOT NULL,
	"lifted_at" text COLLATE "C"
);
--> statement-breakpoint
ALTER TABLE "affiliations" ADD COLUMN "year_level" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "affiliations" ADD COLUMN "campus_id" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "name_history" ADD CONSTRAINT "name_history_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "name_history" ADD CONSTRAINT "name_history_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parental_responsibilities" ADD CONSTRAINT "parental_responsibilities_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parental_responsibilities" ADD CONSTRAINT "parental_responsibilities_adult_id_people_id_fk" FOREIGN KEY ("adult_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parental_responsibilities" ADD CONSTRAINT "parental_responsibilities_child_id_people_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_responsibilities" ADD CONSTRAINT "billing_responsibilities_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_responsibilities" ADD CONSTRAINT "billing_responsibilities_student_id_people_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_responsibilities" ADD CONSTRAINT "billing_responsibilities_payer_id_people_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concessions" ADD CONSTRAINT "concessions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concessions" ADD CONSTRAINT "concessions_student_id_people_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "court_orders" ADD CONSTRAINT "court_orders_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "court_orders" ADD CONSTRAINT "court_orders_child_id_people_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "court_orders" ADD CONSTRAINT "court_orders_restrained_person_id_people_id_fk" FOREIGN KEY ("restrained_person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_reasons" ADD CONSTRAINT "exit_reasons_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_reasons" ADD CONSTRAINT "exit_reasons_affiliation_id_affiliations_id_fk" FOREIGN KEY ("affiliation_id") REFERENCES "public"."affiliations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_reasons" ADD CONSTRAINT "exit_reasons_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_flags" ADD CONSTRAINT "protection_flags_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_flags" ADD CONSTRAINT "protection_flags_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "name_history_person_id_held_to_idx" ON "name_history" USING btree ("person_id","held_to");--> statement-breakpoint
CREATE INDEX "parental_responsibilities_child_id_valid_from_idx" ON "parental_responsibilities" USING btree ("child_id","valid_from");--> statement-breakpoint
CREATE INDEX "parental_responsibilities_adult_id_idx" ON "parental_responsibilities" USING btree ("adult_id");--> statement-breakpoint
CREATE INDEX "billing_responsibilities_student_id_category_idx" ON "billing_responsibilities" USING btree ("student_id","category");--> statement-breakpoint
CREATE INDEX "concessions_student_id_idx" ON "concessions" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "court_orders_child_id_idx" ON "court_orders" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "exit_reasons_person_id_idx" ON "exit_reasons" USING btree ("person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exit_reasons_affiliation_id_idx" ON "exit_reasons" USING btree ("affiliation_id");--> statement-breakpoint
CREATE INDEX "protection_flags_person_id_idx" ON "protection_flags" USING btree ("person_id");--> statement-breakpoint
ALTER TABLE "affiliations" ADD CONSTRAINT "affiliations_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affiliations_school_id_kind_valid_from_id_idx" ON "affiliations" USING btree ("school_id","kind","valid_from","id");--> statement-breakpoint
CREATE INDEX "affiliations_person_id_kind_valid_from_valid_to_year_level_idx" ON "affiliations" USING btree ("person_id","kind","valid_from","valid_to","year_level");