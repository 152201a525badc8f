CREATE TABLE "trade_placement_checks" (
	"placement_id" uuid NOT NULL,
	"day" date NOT NULL,
	"in_playlist" boolean NOT NULL,
	"at_position" boolean NOT NULL,
	"position" integer,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trade_placement_checks_placement_id_day_pk" PRIMARY KEY("placement_id","day")
);
--> statement-breakpoint
CREATE TABLE "trade_placements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trade_song_id" uuid NOT NULL,
	"playlist_id" uuid,
	"playlist_spotify_id" text NOT NULL,
	"playlist_name" text NOT NULL,
	"track_id" text NOT NULL,
	"position" integer NOT NULL,
	"snapshot_id" text,
	"placed_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	"early_removal_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_songs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trade_id" uuid NOT NULL,
	"song_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"approved" smallint DEFAULT 0 NOT NULL,
	"streams" integer,
	"keep" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trader_one_id" uuid NOT NULL,
	"trader_two_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"period_days" integer NOT NULL,
	"requested_start_date" date,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"trader_one_accepted" boolean DEFAULT false NOT NULL,
	"trader_two_accepted" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trades_two_traders" CHECK ("trades"."trader_one_id" <> "trades"."trader_two_id")
);
--> statement-breakpoint
ALTER TABLE "trade_placement_checks" ADD CONSTRAINT "trade_placement_checks_placement_id_trade_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."trade_placements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_placements" ADD CONSTRAINT "trade_placements_trade_song_id_trade_songs_id_fk" FOREIGN KEY ("trade_song_id") REFERENCES "public"."trade_songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_placements" ADD CONSTRAINT "trade_placements_playlist_id_managed_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."managed_playlists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_songs" ADD CONSTRAINT "trade_songs_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_songs" ADD CONSTRAINT "trade_songs_song_id_catalog_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."catalog_songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_songs" ADD CONSTRAINT "trade_songs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_trader_one_id_users_id_fk" FOREIGN KEY ("trader_one_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_trader_two_id_users_id_fk" FOREIGN KEY ("trader_two_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trade_placements_live_key" ON "trade_placements" USING btree ("trade_song_id") WHERE "trade_placements"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "trade_placements_playlist_idx" ON "trade_placements" USING btree ("playlist_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_songs_trade_song_key" ON "trade_songs" USING btree ("trade_id","song_id");--> statement-breakpoint
CREATE INDEX "trade_songs_song_idx" ON "trade_songs" USING btree ("song_id");--> statement-breakpoint
CREATE INDEX "trades_trader_one_idx" ON "trades" USING btree ("trader_one_id","created_at");--> statement-breakpoint
CREATE INDEX "trades_trader_two_idx" ON "trades" USING btree ("trader_two_id","created_at");--> statement-breakpoint
CREATE INDEX "trades_scheduled_start_idx" ON "trades" USING btree ("start_date") WHERE "trades"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "trades_accepted_end_idx" ON "trades" USING btree ("end_date") WHERE "trades"."status" = 'accepted';