-- Numbers each school's existing changes 1, 2, 3 … in their outbox order, and records each school's last.
UPDATE "change_events" SET "position" = "numbered"."position"
FROM (SELECT "sequence", row_number() OVER (PARTITION BY "school_id" ORDER BY "sequence") AS "position" FROM "change_events") AS "numbered"
WHERE "numbered"."sequence" = "change_events"."sequence";--> statement-breakpoint
UPDATE "schools" SET "last_event_position" = COALESCE((SELECT max("position") FROM "change_events" WHERE "change_events"."school_id" = "schools"."id"), 0);
