CREATE TABLE "retention_actions" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"action" text COLLATE "C" NOT NULL,
	"record_class" text COLLATE "C" NOT NULL,
	"count" integer NOT NULL,
	"rule" text COLLATE "C" NOT NULL,
	"approved_by" text COLLATE "C" NOT NULL,
	"occurred_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "retention_actions" ADD CONSTRAINT "retention_actions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retention_actions_school_id_occurred_at_idx" ON "retention_actions" USING btree ("school_id","occurred_at");