DROP INDEX "conversations_user_one_unread_idx";--> statement-breakpoint
DROP INDEX "conversations_user_two_unread_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "conversations_with_unread" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "users" SET "conversations_with_unread" = counted.conversations
  FROM (
    SELECT user_id, count(*)::int AS conversations FROM (
      SELECT "user_one_id" AS user_id FROM "conversations" WHERE "user_one_unread" > 0
      UNION ALL
      SELECT "user_two_id" FROM "conversations" WHERE "user_two_unread" > 0
    ) AS sides GROUP BY user_id
  ) AS counted
  WHERE "users"."id" = counted.user_id;--> statement-breakpoint
-- Called only for a row whose side's unread count leaves or reaches 0 (the triggers' WHEN), so
-- a message that adds to an unread count already above 0 costs nothing here. The users are
-- updated in the order of their ids, so two transactions never wait on each other's user.
CREATE FUNCTION conversations_with_unread_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  one_id uuid;
  two_id uuid;
  one_change int := 0;
  two_change int := 0;
  side record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    one_id := OLD.user_one_id;
    two_id := OLD.user_two_id;
  ELSE
    one_id := NEW.user_one_id;
    two_id := NEW.user_two_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    one_change := one_change - (OLD.user_one_unread > 0)::int;
    two_change := two_change - (OLD.user_two_unread > 0)::int;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    one_change := one_change + (NEW.user_one_unread > 0)::int;
    two_change := two_change + (NEW.user_two_unread > 0)::int;
  END IF;
  FOR side IN
    SELECT * FROM (VALUES (one_id, one_change), (two_id, two_change)) AS sides(id, change)
    WHERE sides.change <> 0 ORDER BY sides.id
  LOOP
    UPDATE users SET conversations_with_unread = conversations_with_unread + side.change
      WHERE id = side.id;
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER conversations_with_unread_on_insert AFTER INSERT ON "conversations"
  FOR EACH ROW WHEN (NEW."user_one_unread" > 0 OR NEW."user_two_unread" > 0)
  EXECUTE FUNCTION conversations_with_unread_follow();--> statement-breakpoint
CREATE TRIGGER conversations_with_unread_on_update
  AFTER UPDATE OF "user_one_unread", "user_two_unread" ON "conversations"
  FOR EACH ROW WHEN ((OLD."user_one_unread" > 0) <> (NEW."user_one_unread" > 0)
    OR (OLD."user_two_unread" > 0) <> (NEW."user_two_unread" > 0))
  EXECUTE FUNCTION conversations_with_unread_follow();--> statement-breakpoint
CREATE TRIGGER conversations_with_unread_on_delete AFTER DELETE ON "conversations"
  FOR EACH ROW WHEN (OLD."user_one_unread" > 0 OR OLD."user_two_unread" > 0)
  EXECUTE FUNCTION conversations_with_unread_follow();
