CREATE TABLE "academic_sessions" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"code" text COLLATE "C" NOT NULL,
	"title" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"parent_id" text COLLATE "C",
	"starts_on" text COLLATE "C" NOT NULL,
	"ends_on" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class_members" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"class_id" text COLLATE "C" NOT NULL,
	"person_id" text COLLATE "C" NOT NULL,
	"valid_from" text COLLATE "C" NOT NULL,
	"valid_to" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class_terms" (
	"class_id" text COLLATE "C" NOT NULL,
	"session_id" text COLLATE "C" NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	CONSTRAINT "class_terms_class_id_session_id_pk" PRIMARY KEY("class_id","session_id")
);
--> statement-breakpoint
CREATE TABLE "classes" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"course_id" text COLLATE "C" NOT NULL,
	"code" text COLLATE "C" NOT NULL,
	"title" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"room" text COLLATE "C",
	"periods" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"code" text COLLATE "C" NOT NULL,
	"title" text COLLATE "C" NOT NULL,
	"subject" text COLLATE "C",
	"year_levels" text COLLATE "C" NOT NULL,
	"school_year_id" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_names" (
	"person_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"login_name" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teaching_assignments" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"class_id" text COLLATE "C" NOT NULL,
	"person_id" text COLLATE "C" NOT NULL,
	"role" text COLLATE "C" NOT NULL,
	"valid_from" text COLLATE "C" NOT NULL,
	"valid_to" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "academic_sessions" ADD CONSTRAINT "academic_sessions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_members" ADD CONSTRAINT "class_members_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_members" ADD CONSTRAINT "class_members_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_members" ADD CONSTRAINT "class_members_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_terms" ADD CONSTRAINT "class_terms_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_terms" ADD CONSTRAINT "class_terms_session_id_academic_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_terms" ADD CONSTRAINT "class_terms_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_school_year_id_academic_sessions_id_fk" FOREIGN KEY ("school_year_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_names" ADD CONSTRAINT "login_names_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_names" ADD CONSTRAINT "login_names_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "academic_sessions_school_id_code_idx" ON "academic_sessions" USING btree ("school_id","code");--> statement-breakpoint
CREATE INDEX "class_members_school_id_class_id_idx" ON "class_members" USING btree ("school_id","class_id");--> statement-breakpoint
CREATE INDEX "class_members_person_id_idx" ON "class_members" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "class_terms_school_id_idx" ON "class_terms" USING btree ("school_id");--> statement-breakpoint
CREATE UNIQUE INDEX "classes_school_id_code_idx" ON "classes" USING btree ("school_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_school_id_code_idx" ON "courses" USING btree ("school_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "login_names_school_id_login_name_idx" ON "login_names" USING btree ("school_id","login_name");--> statement-breakpoint
CREATE INDEX "teaching_assignments_school_id_class_id_idx" ON "teaching_assignments" USING btree ("school_id","class_id");--> statement-breakpoint
CREATE INDEX "teaching_assignments_person_id_idx" ON "teaching_assignments" USING btree ("person_id");