CREATE TABLE "catalog_songs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"spotify_track_id" text,
	"track" jsonb,
	"upcoming_title" text,
	"upcoming_artists" jsonb,
	"upcoming_release_date" date,
	"upcoming_artwork_url" text,
	"release_sort" text NOT NULL,
	"favourite" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"status_set_by" text DEFAULT 'check' NOT NULL,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "song_popularity_scores" (
	"song_id" uuid NOT NULL,
	"day" date NOT NULL,
	"score" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "song_popularity_scores_song_id_day_pk" PRIMARY KEY("song_id","day")
);
--> statement-breakpoint
ALTER TABLE "catalog_songs" ADD CONSTRAINT "catalog_songs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_popularity_scores" ADD CONSTRAINT "song_popularity_scores_song_id_catalog_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."catalog_songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_songs_user_track_key" ON "catalog_songs" USING btree ("user_id","spotify_track_id");--> statement-breakpoint
CREATE INDEX "catalog_songs_user_order_idx" ON "catalog_songs" USING btree ("user_id","release_sort" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);