CREATE TABLE "reading_year_totals" (
	"user_id" text NOT NULL,
	"year" integer NOT NULL,
	"books" integer,
	"pages" integer,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reading_year_totals_user_id_year_pk" PRIMARY KEY("user_id","year")
);
--> statement-breakpoint
ALTER TABLE "reading_year_totals" ADD CONSTRAINT "reading_year_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;