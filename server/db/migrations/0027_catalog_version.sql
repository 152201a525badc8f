ALTER TABLE "users" ADD COLUMN "catalog_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The catalogue's version moves with every statement that adds, removes or changes what
-- Discovery derives from a catalogue (its songs' artists and their order): one update per
-- statement and user, like the song count (migration 0025).
CREATE OR REPLACE FUNCTION catalog_song_count_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET catalog_song_count = users.catalog_song_count + added.songs,
                   catalog_version = users.catalog_version + 1
    FROM (SELECT user_id, count(*)::int AS songs FROM added_songs GROUP BY user_id) AS added
    WHERE users.id = added.user_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_song_count_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET catalog_song_count = users.catalog_song_count - removed.songs,
                   catalog_version = users.catalog_version + 1
    FROM (SELECT user_id, count(*)::int AS songs FROM removed_songs GROUP BY user_id) AS removed
    WHERE users.id = removed.user_id;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An update moves the version of the songs' users (both, should a song change hands) only when
-- it changes an artist or the catalogue's order; a status check leaves it.
CREATE FUNCTION catalog_version_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
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
         OR n.created_at IS DISTINCT FROM o.created_at);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER catalog_songs_versioned_on_update AFTER UPDATE ON "catalog_songs"
  REFERENCING OLD TABLE AS old_songs NEW TABLE AS new_songs
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_on_update();
