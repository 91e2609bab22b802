CREATE TABLE "focus_totals" (
	"period" text NOT NULL,
	"starts_on" date NOT NULL,
	"user_id" text NOT NULL,
	"minutes" integer NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	CONSTRAINT "focus_totals_user_id_period_starts_on_pk" PRIMARY KEY("user_id","period","starts_on"),
	CONSTRAINT "focus_totals_minutes_check" CHECK (minutes > 0),
	CONSTRAINT "focus_totals_starts_on_check" CHECK (CASE period WHEN 'week' THEN extract(isodow FROM starts_on) = 1 WHEN 'month' THEN extract(day FROM starts_on) = 1 ELSE starts_on = '1970-01-01' END)
);
--> statement-breakpoint
ALTER TABLE "focus_totals" ADD CONSTRAINT "focus_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "focus_totals_ranking_idx" ON "focus_totals" USING btree ("period","starts_on","minutes" DESC NULLS LAST,"reached_at","user_id");