CREATE TABLE "job_outcomes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job" text NOT NULL,
	"user_id" uuid,
	"subject_id" text NOT NULL,
	"outcome" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "managed_playlists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"spotify_id" text NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"image_url" text,
	"owner_id" text NOT NULL,
	"owner_name" text,
	"collaborative" boolean NOT NULL,
	"public" boolean,
	"followers" integer,
	"tracks_total" integer NOT NULL,
	"snapshot_id" text NOT NULL,
	"enforced_snapshot_id" text,
	"last_enforcement_at" timestamp with time zone,
	"last_enforcement_outcome" text,
	"last_enforcement_detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playlist_daily_stats" (
	"playlist_id" uuid NOT NULL,
	"day" date NOT NULL,
	"followers" integer,
	"tracks_total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playlist_daily_stats_playlist_id_day_pk" PRIMARY KEY("playlist_id","day")
);
--> statement-breakpoint
CREATE TABLE "playlist_locks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"playlist_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"track_id" text NOT NULL,
	"track_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spotify_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"spotify_user_id" text NOT NULL,
	"display_name" text,
	"image_url" text,
	"access_token_sealed" text NOT NULL,
	"refresh_token_sealed" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"scopes" text NOT NULL,
	"authorized_at" timestamp with time zone NOT NULL,
	"regrant" boolean DEFAULT false NOT NULL,
	"regrant_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spotify_link_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spotify_link_states_state_hash_unique" UNIQUE("state_hash")
);
--> statement-breakpoint
CREATE TABLE "track_removal_dates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"playlist_id" uuid NOT NULL,
	"track_id" text NOT NULL,
	"remove_at" date NOT NULL,
	"outcome" text,
	"outcome_detail" text,
	"outcome_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_outcomes" ADD CONSTRAINT "job_outcomes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "managed_playlists" ADD CONSTRAINT "managed_playlists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "managed_playlists" ADD CONSTRAINT "managed_playlists_account_id_spotify_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."spotify_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_daily_stats" ADD CONSTRAINT "playlist_daily_stats_playlist_id_managed_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."managed_playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_locks" ADD CONSTRAINT "playlist_locks_playlist_id_managed_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."managed_playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spotify_accounts" ADD CONSTRAINT "spotify_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spotify_link_states" ADD CONSTRAINT "spotify_link_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spotify_link_states" ADD CONSTRAINT "spotify_link_states_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_removal_dates" ADD CONSTRAINT "track_removal_dates_playlist_id_managed_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."managed_playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_outcomes_job_created_idx" ON "job_outcomes" USING btree ("job","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "managed_playlists_user_spotify_key" ON "managed_playlists" USING btree ("user_id","spotify_id");--> statement-breakpoint
CREATE INDEX "managed_playlists_account_idx" ON "managed_playlists" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "playlist_locks_playlist_position_key" ON "playlist_locks" USING btree ("playlist_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "spotify_accounts_user_spotify_key" ON "spotify_accounts" USING btree ("user_id","spotify_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "track_removal_dates_playlist_track_key" ON "track_removal_dates" USING btree ("playlist_id","track_id");--> statement-breakpoint
CREATE INDEX "track_removal_dates_due_idx" ON "track_removal_dates" USING btree ("remove_at") WHERE "track_removal_dates"."outcome" is null;