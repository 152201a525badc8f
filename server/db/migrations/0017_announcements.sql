CREATE TABLE "announcement_dismissals" (
	"user_id" uuid NOT NULL,
	"announcement_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcement_dismissals_user_id_announcement_id_pk" PRIMARY KEY("user_id","announcement_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"html" text NOT NULL,
	"audience" text NOT NULL,
	"plan" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"until" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "announcements_audience_check" CHECK (("announcements"."audience" = 'all' and "announcements"."plan" is null) or ("announcements"."audience" = 'plan' and "announcements"."plan" is not null))
);
--> statement-breakpoint
ALTER TABLE "announcement_dismissals" ADD CONSTRAINT "announcement_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_dismissals" ADD CONSTRAINT "announcement_dismissals_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcement_dismissals_announcement_idx" ON "announcement_dismissals" USING btree ("announcement_id");--> statement-breakpoint
CREATE INDEX "announcements_live_audience_idx" ON "announcements" USING btree ("audience","plan","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "announcements"."withdrawn_at" is null;