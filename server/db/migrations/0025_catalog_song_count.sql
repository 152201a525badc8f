ALTER TABLE "users" ADD COLUMN "catalog_song_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "users" SET "catalog_song_count" = counted.songs
  FROM (SELECT "user_id", count(*)::int AS songs FROM "catalog_songs" GROUP BY "user_id") AS counted
  WHERE "users"."id" = counted."user_id";--> statement-breakpoint
-- One update per statement and user, however many songs the statement adds or removes (a
-- generate_series seed of a million songs is one update, not a million).
CREATE FUNCTION catalog_song_count_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET catalog_song_count = users.catalog_song_count + added.songs
    FROM (SELECT user_id, count(*)::int AS songs FROM added_songs GROUP BY user_id) AS added
    WHERE users.id = added.user_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION catalog_song_count_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET catalog_song_count = users.catalog_song_count - removed.songs
    FROM (SELECT user_id, count(*)::int AS songs FROM removed_songs GROUP BY user_id) AS removed
    WHERE users.id = removed.user_id;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A song never changes hands in the product; should one ever, both counts follow.
CREATE FUNCTION catalog_song_count_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET catalog_song_count = catalog_song_count - 1 WHERE id = OLD.user_id;
  UPDATE users SET catalog_song_count = catalog_song_count + 1 WHERE id = NEW.user_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER catalog_songs_counted_on_insert AFTER INSERT ON "catalog_songs"
  REFERENCING NEW TABLE AS added_songs
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_song_count_added();--> statement-breakpoint
CREATE TRIGGER catalog_songs_counted_on_delete AFTER DELETE ON "catalog_songs"
  REFERENCING OLD TABLE AS removed_songs
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_song_count_removed();--> statement-breakpoint
CREATE TRIGGER catalog_songs_counted_on_move AFTER UPDATE OF "user_id" ON "catalog_songs"
  FOR EACH ROW WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id")
  EXECUTE FUNCTION catalog_song_count_moved();
