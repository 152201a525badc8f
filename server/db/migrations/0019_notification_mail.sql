CREATE TABLE "message_mail_states" (
	"conversation_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"due_at" timestamp with time zone,
	"last_mailed_at" timestamp with time zone,
	"mailed_seq" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "message_mail_states_conversation_id_recipient_id_pk" PRIMARY KEY("conversation_id","recipient_id")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "unsubscribe_url" text;--> statement-breakpoint
ALTER TABLE "message_mail_states" ADD CONSTRAINT "message_mail_states_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_mail_states" ADD CONSTRAINT "message_mail_states_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_mail_states_due_idx" ON "message_mail_states" USING btree ("due_at") WHERE "message_mail_states"."due_at" is not null;