CREATE TABLE "subject_access_items" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"request_id" text COLLATE "C" NOT NULL,
	"item_kind" text COLLATE "C" NOT NULL,
	"record_id" text COLLATE "C" NOT NULL,
	"decision" text COLLATE "C",
	"reason" text COLLATE "C",
	"decided_by" text COLLATE "C",
	"decided_at" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "subject_access_requests" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"subject_id" text COLLATE "C" NOT NULL,
	"requester_id" text COLLATE "C",
	"requester_description" text COLLATE "C",
	"received_on" text COLLATE "C" NOT NULL,
	"verified_how" text COLLATE "C" NOT NULL,
	"deadline_rule" text COLLATE "C" NOT NULL,
	"deadline" text COLLATE "C" NOT NULL,
	"extension_months" integer DEFAULT 0 NOT NULL,
	"extension_reason" text COLLATE "C",
	"extended_by" text COLLATE "C",
	"extended_at" text COLLATE "C",
	"state" text COLLATE "C" NOT NULL,
	"assembled_at" text COLLATE "C",
	"channel" text COLLATE "C",
	"outcome" text COLLATE "C",
	"logged_by" text COLLATE "C" NOT NULL,
	"logged_at" text COLLATE "C" NOT NULL,
	"closed_by" text COLLATE "C",
	"closed_at" text COLLATE "C"
);
--> statement-breakpoint
ALTER TABLE "subject_access_items" ADD CONSTRAINT "subject_access_items_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_access_items" ADD CONSTRAINT "subject_access_items_request_id_subject_access_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."subject_access_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_access_requests" ADD CONSTRAINT "subject_access_requests_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_access_requests" ADD CONSTRAINT "subject_access_requests_subject_id_people_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_access_requests" ADD CONSTRAINT "subject_access_requests_requester_id_people_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subject_access_items_request_id_item_kind_record_id_idx" ON "subject_access_items" USING btree ("request_id","item_kind","record_id");--> statement-breakpoint
CREATE INDEX "subject_access_requests_school_id_deadline_idx" ON "subject_access_requests" USING btree ("school_id","deadline","id");--> statement-breakpoint
CREATE INDEX "subject_access_requests_school_id_state_idx" ON "subject_access_requests" USING btree ("school_id","state","deadline");--> statement-breakpoint
CREATE INDEX "subject_access_requests_school_id_subject_id_idx" ON "subject_access_requests" USING btree ("school_id","subject_id");