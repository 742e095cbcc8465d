CREATE TABLE "outbox_mails" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"to" text COLLATE "C" NOT NULL,
	"subject" text COLLATE "C" NOT NULL,
	"text" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "passkey_challenges" (
	"challenge" text COLLATE "C" PRIMARY KEY NOT NULL,
	"purpose" text COLLATE "C" NOT NULL,
	"account_id" text COLLATE "C",
	"expires_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "passkeys" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"credential_id" text COLLATE "C" NOT NULL,
	"public_key" text COLLATE "C" NOT NULL,
	"counter" integer NOT NULL,
	"transports" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"last_used_at" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "sign_in_codes" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"email" text COLLATE "C" NOT NULL,
	"account_id" text COLLATE "C",
	"code_hash" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"expires_at" text COLLATE "C" NOT NULL,
	"failed_tries" integer NOT NULL,
	"used_at" text COLLATE "C",
	"replaced_at" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "sign_in_links" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"secret_hash" text COLLATE "C" NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"expires_at" text COLLATE "C" NOT NULL,
	"used_at" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "sign_in_policies" (
	"school_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"passkeys_required" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_accounts" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"email" text COLLATE "C" NOT NULL,
	"person_id" text COLLATE "C",
	"role" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"removed_at" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "staff_roles" (
	"school_id" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"capabilities" text COLLATE "C" NOT NULL,
	CONSTRAINT "staff_roles_school_id_name_pk" PRIMARY KEY("school_id","name")
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"secret_hash" text COLLATE "C" NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"school_id" text COLLATE "C" NOT NULL,
	"method" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"last_seen_at" text COLLATE "C" NOT NULL,
	"expires_at" text COLLATE "C" NOT NULL,
	"passkey_at" text COLLATE "C",
	"ended_at" text COLLATE "C"
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "issued_by" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "last_used_at" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_account_id_staff_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_links" ADD CONSTRAINT "sign_in_links_account_id_staff_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_policies" ADD CONSTRAINT "sign_in_policies_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD CONSTRAINT "staff_accounts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_roles" ADD CONSTRAINT "staff_roles_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_account_id_staff_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_mails_created_at_idx" ON "outbox_mails" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "passkey_challenges_expires_at_idx" ON "passkey_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "passkeys_credential_id_idx" ON "passkeys" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "passkeys_account_id_idx" ON "passkeys" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sign_in_codes_email_created_at_idx" ON "sign_in_codes" USING btree ("email","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_in_links_secret_hash_idx" ON "sign_in_links" USING btree ("secret_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_accounts_email_idx" ON "staff_accounts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "staff_accounts_school_id_idx" ON "staff_accounts" USING btree ("school_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_sessions_secret_hash_idx" ON "staff_sessions" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "staff_sessions_account_id_idx" ON "staff_sessions" USING btree ("account_id");