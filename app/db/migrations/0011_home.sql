CREATE TABLE "reading_goals" (
	"user_id" text NOT NULL,
	"year" integer NOT NULL,
	"books_target" integer,
	"pages_target" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_goals_user_id_year_pk" PRIMARY KEY("user_id","year"),
	CONSTRAINT "reading_goals_target_check" CHECK ("reading_goals"."books_target" IS NOT NULL OR "reading_goals"."pages_target" IS NOT NULL),
	CONSTRAINT "reading_goals_positive_check" CHECK (coalesce("reading_goals"."books_target", 1) > 0 AND coalesce("reading_goals"."pages_target", 1) > 0)
);
--> statement-breakpoint
ALTER TABLE "reading_goals" ADD CONSTRAINT "reading_goals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;