CREATE TABLE "detail_requests" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"person_id" text COLLATE "C" NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"changes" text COLLATE "C" NOT NULL,
	"before" text COLLATE "C" NOT NULL,
	"state" text COLLATE "C" NOT NULL,
	"reason" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"decided_at" text COLLATE "C",
	"decided_by" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "family_access" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"person_id" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"created_by" text COLLATE "C" NOT NULL,
	"ended_at" text COLLATE "C",
	"ended_by" text COLLATE "C"
);
--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "preview_person_id" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "detail_requests" ADD CONSTRAINT "detail_requests_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detail_requests" ADD CONSTRAINT "detail_requests_account_id_staff_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_access" ADD CONSTRAINT "family_access_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_access" ADD CONSTRAINT "family_access_account_id_staff_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "detail_requests_school_id_state_created_at_id_idx" ON "detail_requests" USING btree ("school_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "detail_requests_person_id_created_at_idx" ON "detail_requests" USING btree ("person_id","created_at");--> statement-breakpoint
CREATE INDEX "family_access_account_id_idx" ON "family_access" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "family_access_school_id_person_id_idx" ON "family_access" USING btree ("school_id","person_id");