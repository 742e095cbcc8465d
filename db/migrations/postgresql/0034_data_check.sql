CREATE TABLE "child_contacts" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"child_id" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"position" integer NOT NULL,
	"person_id" text COLLATE "C",
	"name" text COLLATE "C" NOT NULL,
	"phone" text COLLATE "C" NOT NULL,
	"relationship" text COLLATE "C",
	"updated_at" text COLLATE "C" NOT NULL,
	"updated_by" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "child_medical_needs" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"child_id" text COLLATE "C" NOT NULL,
	"position" integer NOT NULL,
	"need" text COLLATE "C" NOT NULL,
	"care" text COLLATE "C",
	"updated_at" text COLLATE "C" NOT NULL,
	"updated_by" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_check_adults" (
	"check_id" text COLLATE "C" NOT NULL,
	"adult_id" text COLLATE "C" NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"state" text COLLATE "C" NOT NULL,
	"answered_at" text COLLATE "C",
	"reminded_at" text COLLATE "C",
	CONSTRAINT "data_check_adults_check_id_adult_id_pk" PRIMARY KEY("check_id","adult_id")
);
--> statement-breakpoint
CREATE TABLE "data_check_children" (
	"check_id" text COLLATE "C" NOT NULL,
	"child_id" text COLLATE "C" NOT NULL,
	"adult_id" text COLLATE "C" NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"class_code" text COLLATE "C" NOT NULL,
	CONSTRAINT "data_check_children_check_id_child_id_adult_id_pk" PRIMARY KEY("check_id","child_id","adult_id")
);
--> statement-breakpoint
CREATE TABLE "data_checks" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"audience" text COLLATE "C" NOT NULL,
	"closes_on" text COLLATE "C" NOT NULL,
	"status" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"created_by" text COLLATE "C" NOT NULL,
	"reminded_at" text COLLATE "C",
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "detail_requests" ADD COLUMN "child_id" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "child_contacts" ADD CONSTRAINT "child_contacts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_contacts" ADD CONSTRAINT "child_contacts_child_id_people_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_contacts" ADD CONSTRAINT "child_contacts_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_medical_needs" ADD CONSTRAINT "child_medical_needs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_medical_needs" ADD CONSTRAINT "child_medical_needs_child_id_people_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_check_adults" ADD CONSTRAINT "data_check_adults_check_id_data_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."data_checks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_check_adults" ADD CONSTRAINT "data_check_adults_adult_id_people_id_fk" FOREIGN KEY ("adult_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_check_adults" ADD CONSTRAINT "data_check_adults_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_check_children" ADD CONSTRAINT "data_check_children_check_id_data_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."data_checks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_check_children" ADD CONSTRAINT "data_check_children_child_id_people_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_check_children" ADD CONSTRAINT "data_check_children_adult_id_people_id_fk" FOREIGN KEY ("adult_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_check_children" ADD CONSTRAINT "data_check_children_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_checks" ADD CONSTRAINT "data_checks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "child_contacts_school_id_child_id_kind_position_idx" ON "child_contacts" USING btree ("school_id","child_id","kind","position");--> statement-breakpoint
CREATE INDEX "child_medical_needs_school_id_child_id_position_idx" ON "child_medical_needs" USING btree ("school_id","child_id","position");--> statement-breakpoint
CREATE INDEX "data_check_adults_school_id_adult_id_idx" ON "data_check_adults" USING btree ("school_id","adult_id");--> statement-breakpoint
CREATE INDEX "data_check_children_check_id_class_code_idx" ON "data_check_children" USING btree ("check_id","class_code");--> statement-breakpoint
CREATE INDEX "data_check_children_check_id_adult_id_idx" ON "data_check_children" USING btree ("check_id","adult_id");--> statement-breakpoint
CREATE INDEX "data_checks_school_id_created_at_idx" ON "data_checks" USING btree ("school_id","created_at");