CREATE TABLE "read_throughs" (
	"id" text PRIMARY KEY NOT NULL,
	"shelf_entry_id" text NOT NULL,
	"started_on" date,
	"finished_on" date,
	"abandoned_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shelf_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"edition_id" text NOT NULL,
	"status" text NOT NULL,
	"rating_quarters" smallint,
	"favorite" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shelf_entries_rating_check" CHECK ("shelf_entries"."rating_quarters" BETWEEN 1 AND 20)
);
--> statement-breakpoint
ALTER TABLE "read_throughs" ADD CONSTRAINT "read_throughs_shelf_entry_id_shelf_entries_id_fk" FOREIGN KEY ("shelf_entry_id") REFERENCES "public"."shelf_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shelf_entries" ADD CONSTRAINT "shelf_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shelf_entries" ADD CONSTRAINT "shelf_entries_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "read_throughs_entry_idx" ON "read_throughs" USING btree ("shelf_entry_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "read_throughs_one_open_key" ON "read_throughs" USING btree ("shelf_entry_id") WHERE "read_throughs"."finished_on" IS NULL AND "read_throughs"."abandoned_on" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "shelf_entries_user_edition_key" ON "shelf_entries" USING btree ("user_id","edition_id");--> statement-breakpoint
CREATE INDEX "shelf_entries_user_updated_idx" ON "shelf_entries" USING btree ("user_id","updated_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "shelf_entries_edition_idx" ON "shelf_entries" USING btree ("edition_id");