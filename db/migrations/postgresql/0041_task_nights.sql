CREATE TABLE "task_nights" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"task" text COLLATE "C" NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"night" text COLLATE "C" NOT NULL,
	"state" text COLLATE "C" NOT NULL,
	"lease_owner" text COLLATE "C",
	"lease_until" bigint,
	"created_at" text COLLATE "C" NOT NULL,
	"done_at" text COLLATE "C"
);
--> statement-breakpoint
ALTER TABLE "task_nights" ADD CONSTRAINT "task_nights_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_nights_task_state_created_at_idx" ON "task_nights" USING btree ("task","state","created_at");