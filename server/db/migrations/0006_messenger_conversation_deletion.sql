ALTER TABLE "conversations" ADD COLUMN "user_one_cleared_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "user_two_cleared_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "user_one_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "user_two_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "last_message_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Conversations written before this migration learn their last message's sequence number.
UPDATE "conversations" SET "last_message_seq" = "last"."seq" FROM (SELECT "conversation_id", max("seq") AS "seq" FROM "messages" GROUP BY "conversation_id") AS "last" WHERE "last"."conversation_id" = "conversations"."id";
