CREATE TABLE "curator_tags" (
	"user_id" uuid NOT NULL,
	"tag" text NOT NULL,
	"standing" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "curator_tags_user_id_tag_pk" PRIMARY KEY("user_id","tag")
);
--> statement-breakpoint
ALTER TABLE "managed_playlists" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_songs" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "curator_tags" ADD CONSTRAINT "curator_tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "curator_tags_tag_idx" ON "curator_tags" USING btree ("tag","standing" DESC NULLS LAST,"user_id" DESC NULLS LAST);--> statement-breakpoint
-- A song's tags are part of what Discovery derives from a catalogue (the genres of the fit):
-- changing them moves the catalogue's version like a change of its artists.
CREATE OR REPLACE FUNCTION catalog_version_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET catalog_version = users.catalog_version + 1
    WHERE users.id IN (
      SELECT side.user_id
      FROM new_songs n JOIN old_songs o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES (n.user_id), (o.user_id)) AS side(user_id)
      WHERE n.user_id IS DISTINCT FROM o.user_id
         OR n.track -> 'artists' IS DISTINCT FROM o.track -> 'artists'
         OR n.upcoming_artists IS DISTINCT FROM o.upcoming_artists
         OR n.release_sort IS DISTINCT FROM o.release_sort
         OR n.created_at IS DISTINCT FROM o.created_at
         OR n.tags IS DISTINCT FROM o.tags);
  RETURN NULL;
END $$;
