-- Accounts become a table of their own and staff access a record of its own (docs/sign-in.md).
-- Ids are kept, so sessions, passkeys, links, codes, family access, tokens and Activity name the same accounts.
INSERT INTO "accounts" ("id", "school_id", "email", "person_id", "created_at", "removed_at")
  SELECT "id", "school_id", "email", "person_id", "created_at", "removed_at" FROM "staff_accounts";
--> statement-breakpoint
-- A member of staff, present or removed: their role since the account was made, ended when it was removed.
INSERT INTO "staff_access" ("id", "school_id", "account_id", "role", "created_at", "ended_at")
  SELECT 'sta_' || "id", "school_id", "id", "role", "created_at", "removed_at" FROM "staff_accounts" WHERE "role" <> '';
--> statement-breakpoint
-- A former member kept for the portal alone (the empty role): their staff access as it was, ended when
-- Activity recorded its removal, so the account still counts as one that had staff access here.
INSERT INTO "staff_access" ("id", "school_id", "account_id", "role", "created_at", "ended_at")
  SELECT DISTINCT ON (a."id") 'sta_' || a."id", a."school_id", a."id", coalesce(r."changes"::json -> 'role' ->> 0, ''), a."created_at", r."at"
  FROM "staff_accounts" a
  JOIN "activity" r ON r."school_id" = a."school_id" AND r."kind" = 'staff.removed' AND r."subject_id" = a."id"
  WHERE a."role" = ''
  ORDER BY a."id", r."at" DESC;
--> statement-breakpoint
-- One live family access per account and per adult (the unique indexes that follow): a duplicate a race
-- once left is ended, the earliest kept.
UPDATE "family_access" SET "ended_at" = "created_at", "ended_by" = 'system:cli'
  WHERE "ended_at" IS NULL AND EXISTS (
    SELECT 1 FROM "family_access" f WHERE f."ended_at" IS NULL AND f."id" <> "family_access"."id"
      AND (f."account_id" = "family_access"."account_id" OR (f."school_id" = "family_access"."school_id" AND f."person_id" = "family_access"."person_id"))
      AND (f."created_at" < "family_access"."created_at" OR (f."created_at" = "family_access"."created_at" AND f."id" < "family_access"."id")));
