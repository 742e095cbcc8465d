CREATE TABLE "oneroster_access_tokens" (
	"token_hash" text COLLATE "C" PRIMARY KEY NOT NULL,
	"client_id" text COLLATE "C" NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"scopes" text COLLATE "C" NOT NULL,
	"issued_at" text COLLATE "C" NOT NULL,
	"expires_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oneroster_clients" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"scopes" text COLLATE "C" NOT NULL,
	"secret_hash" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"created_by" text COLLATE "C" NOT NULL,
	"revoked_at" text COLLATE "C",
	"last_used_at" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "oneroster_objects" (
	"school_id" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"sourced_id" text COLLATE "C" NOT NULL,
	"status" text COLLATE "C" NOT NULL,
	"date_last_modified" text COLLATE "C" NOT NULL,
	"content_hash" text COLLATE "C" NOT NULL,
	"body" text COLLATE "C" NOT NULL,
	"class_sourced_id" text COLLATE "C",
	"user_sourced_id" text COLLATE "C",
	"role" text COLLATE "C",
	CONSTRAINT "oneroster_objects_school_id_kind_sourced_id_pk" PRIMARY KEY("school_id","kind","sourced_id")
);
--> statement-breakpoint
CREATE TABLE "oneroster_refreshes" (
	"school_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"data_version" integer NOT NULL,
	"day" text COLLATE "C" NOT NULL,
	"refreshed_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oneroster_access_tokens" ADD CONSTRAINT "oneroster_access_tokens_client_id_oneroster_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."oneroster_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oneroster_access_tokens" ADD CONSTRAINT "oneroster_access_tokens_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oneroster_clients" ADD CONSTRAINT "oneroster_clients_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oneroster_objects" ADD CONSTRAINT "oneroster_objects_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oneroster_refreshes" ADD CONSTRAINT "oneroster_refreshes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oneroster_access_tokens_client_id_idx" ON "oneroster_access_tokens" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "oneroster_access_tokens_expires_at_idx" ON "oneroster_access_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "oneroster_clients_school_id_idx" ON "oneroster_clients" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "oneroster_objects_role_idx" ON "oneroster_objects" USING btree ("school_id","kind","role","sourced_id");--> statement-breakpoint
CREATE INDEX "oneroster_objects_modified_idx" ON "oneroster_objects" USING btree ("school_id","kind","date_last_modified");--> statement-breakpoint
CREATE INDEX "oneroster_objects_class_idx" ON "oneroster_objects" USING btree ("school_id","kind","class_sourced_id");--> statement-breakpoint
CREATE INDEX "oneroster_objects_user_idx" ON "oneroster_objects" USING btree ("school_id","kind","user_sourced_id");