CREATE TABLE "trade_song_summaries" (
	"trade_id" uuid PRIMARY KEY NOT NULL,
	"summary" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_song_summaries" ADD CONSTRAINT "trade_song_summaries_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A swap's TradeSongSummary (server/db/tables/trades.ts), computed from its songs and their
-- live placements.
CREATE FUNCTION trade_song_summary_of(trade_id uuid) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'traderOneSongs', count(ts.id) FILTER (WHERE ts.owner_id = t.trader_one_id),
    'traderTwoSongs', count(ts.id) FILTER (WHERE ts.owner_id = t.trader_two_id),
    'streams', sum(ts.streams),
    'awaiting', coalesce(bool_or(ts.approved = 1 AND NOT EXISTS (
      SELECT 1 FROM trade_placements tp
      WHERE tp.trade_song_id = ts.id AND tp.removed_at IS NULL)), false),
    'songIds', coalesce(jsonb_agg(ts.song_id ORDER BY ts.created_at, ts.id)
      FILTER (WHERE ts.id IS NOT NULL), '[]'::jsonb))
  FROM trades t LEFT JOIN trade_songs ts ON ts.trade_id = t.id
  WHERE t.id = trade_song_summary_of.trade_id
  GROUP BY t.id
$$;--> statement-breakpoint
INSERT INTO "trade_song_summaries" ("trade_id", "summary")
  SELECT "trades"."id", trade_song_summary_of("trades"."id") FROM "trades"
  WHERE EXISTS (SELECT 1 FROM "trade_songs" WHERE "trade_songs"."trade_id" = "trades"."id");--> statement-breakpoint
-- One upsert per statement and swap, however many songs or placements the statement writes; a
-- swap being deleted (its songs going with it) is not written again.
CREATE FUNCTION trade_song_summaries_refreshed(trade_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO trade_song_summaries (trade_id, summary)
  SELECT trades.id, trade_song_summary_of(trades.id) FROM trades
  WHERE trades.id = ANY(trade_ids)
  ON CONFLICT (trade_id) DO UPDATE SET summary = excluded.summary
$$;--> statement-breakpoint
CREATE FUNCTION trade_songs_summarized() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM trade_song_summaries_refreshed(ARRAY(
    SELECT trade_id FROM songs_before UNION SELECT trade_id FROM songs_after));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION trade_songs_summarized_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM trade_song_summaries_refreshed(ARRAY(SELECT DISTINCT trade_id FROM songs_after));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION trade_songs_summarized_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM trade_song_summaries_refreshed(ARRAY(SELECT DISTINCT trade_id FROM songs_before));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION trade_placements_summarized() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM trade_song_summaries_refreshed(ARRAY(
    SELECT ts.trade_id FROM trade_songs ts
    WHERE ts.id IN (SELECT trade_song_id FROM placements_before
                    UNION SELECT trade_song_id FROM placements_after)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION trade_placements_summarized_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM trade_song_summaries_refreshed(ARRAY(
    SELECT ts.trade_id FROM trade_songs ts
    WHERE ts.id IN (SELECT trade_song_id FROM placements_after)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION trade_placements_summarized_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM trade_song_summaries_refreshed(ARRAY(
    SELECT ts.trade_id FROM trade_songs ts
    WHERE ts.id IN (SELECT trade_song_id FROM placements_before)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER trade_songs_summarized_on_insert AFTER INSERT ON "trade_songs"
  REFERENCING NEW TABLE AS songs_after
  FOR EACH STATEMENT EXECUTE FUNCTION trade_songs_summarized_on_insert();--> statement-breakpoint
CREATE TRIGGER trade_songs_summarized_on_update AFTER UPDATE ON "trade_songs"
  REFERENCING OLD TABLE AS songs_before NEW TABLE AS songs_after
  FOR EACH STATEMENT EXECUTE FUNCTION trade_songs_summarized();--> statement-breakpoint
CREATE TRIGGER trade_songs_summarized_on_delete AFTER DELETE ON "trade_songs"
  REFERENCING OLD TABLE AS songs_before
  FOR EACH STATEMENT EXECUTE FUNCTION trade_songs_summarized_on_delete();--> statement-breakpoint
CREATE TRIGGER trade_placements_summarized_on_insert AFTER INSERT ON "trade_placements"
  REFERENCING NEW TABLE AS placements_after
  FOR EACH STATEMENT EXECUTE FUNCTION trade_placements_summarized_on_insert();--> statement-breakpoint
CREATE TRIGGER trade_placements_summarized_on_update AFTER UPDATE ON "trade_placements"
  REFERENCING OLD TABLE AS placements_before NEW TABLE AS placements_after
  FOR EACH STATEMENT EXECUTE FUNCTION trade_placements_summarized();--> statement-breakpoint
CREATE TRIGGER trade_placements_summarized_on_delete AFTER DELETE ON "trade_placements"
  REFERENCING OLD TABLE AS placements_before
  FOR EACH STATEMENT EXECUTE FUNCTION trade_placements_summarized_on_delete();
