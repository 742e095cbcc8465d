CREATE TABLE "accounts" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"email" text COLLATE "C" NOT NULL,
	"person_id" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"removed_at" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "staff_access" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"role" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"ended_at" text COLLATE "C"
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_access" ADD CONSTRAINT "staff_access_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_access" ADD CONSTRAINT "staff_access_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email_idx" ON "accounts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "accounts_school_id_idx" ON "accounts" USING btree ("school_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_access_live_account_id_idx" ON "staff_access" USING btree ("account_id") WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX "staff_access_account_id_idx" ON "staff_access" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "staff_access_school_id_role_idx" ON "staff_access" USING btree ("school_id","role");