CREATE TABLE "history_track_names" (
	"track_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
