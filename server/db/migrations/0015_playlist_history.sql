CREATE TABLE "playlist_current_items" (
	"playlist_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"track_id" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "playlist_current_items_playlist_id_position_pk" PRIMARY KEY("playlist_id","position")
);
--> statement-breakpoint
CREATE TABLE "playlist_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"playlist_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"snapshot_id" text NOT NULL,
	"source" text NOT NULL,
	"trade_id" uuid,
	"base" jsonb,
	"delta" jsonb,
	"ops" jsonb NOT NULL,
	"ops_omitted" integer DEFAULT 0 NOT NULL,
	"track_count" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "playlist_current_items" ADD CONSTRAINT "playlist_current_items_playlist_id_managed_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."managed_playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_versions" ADD CONSTRAINT "playlist_versions_playlist_id_managed_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."managed_playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_versions" ADD CONSTRAINT "playlist_versions_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "playlist_current_items_track_idx" ON "playlist_current_items" USING btree ("track_id","playlist_id");--> statement-breakpoint
CREATE UNIQUE INDEX "playlist_versions_playlist_version_key" ON "playlist_versions" USING btree ("playlist_id","version");