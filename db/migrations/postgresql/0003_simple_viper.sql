ALTER TABLE "idempotency_keys" ADD COLUMN "claim_id" text COLLATE "C" DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "lease_until" bigint DEFAULT 0 NOT NULL;