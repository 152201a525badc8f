CREATE TABLE "curator_artists" (
	"user_id" uuid NOT NULL,
	"artist_key" text NOT NULL,
	"artist_name" text NOT NULL,
	"tracks" integer NOT NULL,
	"standing" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "curator_artists_user_id_artist_key_pk" PRIMARY KEY("user_id","artist_key")
);
--> statement-breakpoint
CREATE TABLE "curator_summaries" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"visible_playlists" integer NOT NULL,
	"followers" integer NOT NULL,
	"placements_checked" integer NOT NULL,
	"placements_honoured" integer NOT NULL,
	"honoured_share" double precision,
	"standing" double precision NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "curator_artists" ADD CONSTRAINT "curator_artists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curator_summaries" ADD CONSTRAINT "curator_summaries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "curator_artists_artist_idx" ON "curator_artists" USING btree ("artist_key","standing" DESC NULLS LAST,"user_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "curator_summaries_standing_idx" ON "curator_summaries" USING btree ("standing" DESC NULLS LAST,"user_id" DESC NULLS LAST) WHERE "curator_summaries"."visible_playlists" > 0;