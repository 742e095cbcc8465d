CREATE TABLE "application_adults" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"application_id" text COLLATE "C" NOT NULL,
	"person_id" text COLLATE "C" NOT NULL,
	"position" integer NOT NULL,
	"relationship" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "application_events" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"application_id" text COLLATE "C" NOT NULL,
	"person_id" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"occurred_on" text COLLATE "C" NOT NULL,
	"reason" text COLLATE "C",
	"recorded_at" text COLLATE "C" NOT NULL,
	"recorded_by" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"student_id" text COLLATE "C" NOT NULL,
	"origin" text COLLATE "C" NOT NULL,
	"state" text COLLATE "C" NOT NULL,
	"year_level" text COLLATE "C" NOT NULL,
	"entry_year" integer,
	"campus_id" text COLLATE "C",
	"load_basis_points" integer,
	"starts_on" text COLLATE "C",
	"affiliation_id" text COLLATE "C",
	"received_at" text COLLATE "C" NOT NULL,
	"offered_at" text COLLATE "C",
	"offered_by" text COLLATE "C",
	"answered_at" text COLLATE "C",
	"answered_by" text COLLATE "C",
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"tour_id" text COLLATE "C" NOT NULL,
	"enquiry_id" text COLLATE "C" NOT NULL,
	"received_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tours" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"title" text COLLATE "C" NOT NULL,
	"starts_at" text COLLATE "C" NOT NULL,
	"venue" text COLLATE "C" NOT NULL,
	"capacity" integer NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"campus_id" text COLLATE "C",
	"audience" text COLLATE "C" NOT NULL,
	"cancelled_at" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_adults" ADD CONSTRAINT "application_adults_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_adults" ADD CONSTRAINT "application_adults_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_student_id_people_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_affiliation_id_affiliations_id_fk" FOREIGN KEY ("affiliation_id") REFERENCES "public"."affiliations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_adults_application_id_position_idx" ON "application_adults" USING btree ("application_id","position");--> statement-breakpoint
CREATE INDEX "application_adults_person_id_idx" ON "application_adults" USING btree ("person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "application_events_application_id_kind_idx" ON "application_events" USING btree ("application_id","kind");--> statement-breakpoint
CREATE INDEX "applications_school_id_state_starts_on_id_idx" ON "applications" USING btree ("school_id","state","starts_on","id");--> statement-breakpoint
CREATE INDEX "applications_school_id_received_at_id_idx" ON "applications" USING btree ("school_id","received_at","id");--> statement-breakpoint
CREATE INDEX "applications_student_id_idx" ON "applications" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "bookings_tour_id_idx" ON "bookings" USING btree ("tour_id");--> statement-breakpoint
CREATE INDEX "tours_school_id_starts_at_idx" ON "tours" USING btree ("school_id","starts_at");--> statement-breakpoint
CREATE INDEX "people_school_id_phone_idx" ON "people" USING btree ("school_id","phone");