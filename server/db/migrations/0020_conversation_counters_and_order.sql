DROP INDEX "conversations_user_two_idx";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "user_one_unread" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "user_two_unread" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "user_one_sort_at" timestamp with time zone DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "user_two_sort_at" timestamp with time zone DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
CREATE INDEX "conversations_user_one_order_idx" ON "conversations" USING btree ("user_one_id","user_one_sort_at" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_user_two_order_idx" ON "conversations" USING btree ("user_two_id","user_two_sort_at" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
UPDATE "conversations" c SET
  "user_one_unread" = (SELECT count(*)::int FROM "messages" m WHERE m."conversation_id" = c."id"
    AND m."seq" > greatest(c."user_one_read_seq", c."user_one_cleared_seq") AND m."user_id" IS DISTINCT FROM c."user_one_id"),
  "user_two_unread" = (SELECT count(*)::int FROM "messages" m WHERE m."conversation_id" = c."id"
    AND m."seq" > greatest(c."user_two_read_seq", c."user_two_cleared_seq") AND m."user_id" IS DISTINCT FROM c."user_two_id"),
  "user_one_sort_at" = CASE WHEN c."last_message_seq" > c."user_one_cleared_seq" AND c."last_message_at" IS NOT NULL THEN c."last_message_at" ELSE '-infinity' END,
  "user_two_sort_at" = CASE WHEN c."last_message_seq" > c."user_two_cleared_seq" AND c."last_message_at" IS NOT NULL THEN c."last_message_at" ELSE '-infinity' END;
