CREATE TABLE "undo_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"change" text NOT NULL,
	"passkey_id" uuid,
	"previous_email" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "reauthenticated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "undo_tokens" ADD CONSTRAINT "undo_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "undo_tokens_token_hash_key" ON "undo_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "undo_tokens_user_id_idx" ON "undo_tokens" USING btree ("user_id");