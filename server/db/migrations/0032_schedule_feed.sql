CREATE TABLE "schedule_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "schedule_feeds" ADD CONSTRAINT "schedule_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_feeds_token_hash_key" ON "schedule_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "track_removal_dates_playlist_day_idx" ON "track_removal_dates" USING btree ("playlist_id","remove_at","id") WHERE "track_removal_dates"."outcome" is null;--> statement-breakpoint
CREATE INDEX "trades_trader_one_start_day_idx" ON "trades" USING btree ("trader_one_id",(("start_date" at time zone 'UTC')::date),"id") WHERE "trades"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "trades_trader_two_start_day_idx" ON "trades" USING btree ("trader_two_id",(("start_date" at time zone 'UTC')::date),"id") WHERE "trades"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "trades_trader_one_end_day_idx" ON "trades" USING btree ("trader_one_id",(("end_date" at time zone 'UTC')::date),"id") WHERE "trades"."status" in ('scheduled', 'accepted');--> statement-breakpoint
CREATE INDEX "trades_trader_two_end_day_idx" ON "trades" USING btree ("trader_two_id",(("end_date" at time zone 'UTC')::date),"id") WHERE "trades"."status" in ('scheduled', 'accepted');