CREATE TABLE "absences" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"child_id" text COLLATE "C" NOT NULL,
	"from_day" text COLLATE "C" NOT NULL,
	"to_day" text COLLATE "C" NOT NULL,
	"from_time" text COLLATE "C",
	"to_time" text COLLATE "C",
	"reason" text COLLATE "C" NOT NULL,
	"note" text COLLATE "C",
	"document_key" text COLLATE "C",
	"document_name" text COLLATE "C",
	"document_type" text COLLATE "C",
	"document_bytes" integer,
	"reported_by" text COLLATE "C" NOT NULL,
	"adult_id" text COLLATE "C",
	"entered_by" text COLLATE "C",
	"explains_id" text COLLATE "C",
	"reported_at" text COLLATE "C" NOT NULL,
	"acknowledged_at" text COLLATE "C",
	"acknowledged_by" text COLLATE "C",
	"withdrawn_at" text COLLATE "C",
	"withdrawn_by" text COLLATE "C",
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unexplained_absences" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"child_id" text COLLATE "C" NOT NULL,
	"day" text COLLATE "C" NOT NULL,
	"from_time" text COLLATE "C",
	"to_time" text COLLATE "C",
	"period_key" text COLLATE "C" NOT NULL,
	"received_at" text COLLATE "C" NOT NULL,
	"received_by" text COLLATE "C" NOT NULL,
	"message_id" text COLLATE "C",
	"notice_at" text COLLATE "C",
	"queued_at" bigint NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_owner" text COLLATE "C",
	"lease_until" bigint,
	"explained_at" text COLLATE "C"
);
--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_child_id_people_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_adult_id_people_id_fk" FOREIGN KEY ("adult_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unexplained_absences" ADD CONSTRAINT "unexplained_absences_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unexplained_absences" ADD CONSTRAINT "unexplained_absences_child_id_people_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unexplained_absences" ADD CONSTRAINT "unexplained_absences_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "absences_school_id_from_day_idx" ON "absences" USING btree ("school_id","from_day","to_day");--> statement-breakpoint
CREATE INDEX "absences_school_id_child_id_idx" ON "absences" USING btree ("school_id","child_id","from_day");--> statement-breakpoint
CREATE INDEX "absences_school_id_reported_at_idx" ON "absences" USING btree ("school_id","reported_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "unexplained_absences_school_id_child_id_day_period_idx" ON "unexplained_absences" USING btree ("school_id","child_id","day","period_key");--> statement-breakpoint
CREATE INDEX "unexplained_absences_school_id_day_idx" ON "unexplained_absences" USING btree ("school_id","day");--> statement-breakpoint
CREATE INDEX "unexplained_absences_notice_at_queued_at_idx" ON "unexplained_absences" USING btree ("notice_at","queued_at","id");