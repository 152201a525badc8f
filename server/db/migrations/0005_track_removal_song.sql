ALTER TABLE "track_removal_dates" ADD COLUMN "track_name" text;--> statement-breakpoint
ALTER TABLE "track_removal_dates" ADD COLUMN "track_artists" jsonb;