CREATE TABLE "playlist_health" (
	"playlist_id" uuid PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"evidence" jsonb NOT NULL,
	"assessed_on" date NOT NULL,
	"label_since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "curator_summaries" ADD COLUMN "flagged_playlists" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "playlist_health" ADD CONSTRAINT "playlist_health_playlist_id_managed_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."managed_playlists"("id") ON DELETE cascade ON UPDATE no action;