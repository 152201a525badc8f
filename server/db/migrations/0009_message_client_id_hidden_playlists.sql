ALTER TABLE "managed_playlists" ALTER COLUMN "visible" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "client_message_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_sender_client_id_key" ON "messages" USING btree ("user_id","client_message_id");--> statement-breakpoint
-- Managing used to publish every playlist. A playlist Spotify does not show to everyone (private
-- or collaborative) was never shown by its curator's choice: hide it. Public ones, and every
-- playlist a curator hid, keep their visibility (docs/abuse-limits.md).
UPDATE "managed_playlists" SET "visible" = false WHERE "visible" AND ("collaborative" OR "public" IS NOT TRUE);
