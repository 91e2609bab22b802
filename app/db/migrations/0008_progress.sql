CREATE TABLE "progress_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"read_through_id" text NOT NULL,
	"value" integer NOT NULL,
	"unit" text NOT NULL,
	"fraction" double precision NOT NULL,
	"comment" text,
	"emotion" text,
	"spoiler" boolean DEFAULT false NOT NULL,
	"correction" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "progress_entries_fraction_check" CHECK ("progress_entries"."fraction" BETWEEN 0 AND 1),
	CONSTRAINT "progress_entries_value_check" CHECK ("progress_entries"."value" >= 0),
	CONSTRAINT "progress_entries_comment_check" CHECK (char_length("progress_entries"."comment") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "read_throughs" ADD COLUMN "progress_fraction" double precision;--> statement-breakpoint
ALTER TABLE "read_throughs" ADD COLUMN "progress_value" integer;--> statement-breakpoint
ALTER TABLE "read_throughs" ADD COLUMN "progress_unit" text;--> statement-breakpoint
ALTER TABLE "read_throughs" ADD COLUMN "progress_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "progress_entries" ADD CONSTRAINT "progress_entries_read_through_id_read_throughs_id_fk" FOREIGN KEY ("read_through_id") REFERENCES "public"."read_throughs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "progress_entries_read_through_idx" ON "progress_entries" USING btree ("read_through_id","created_at");--> statement-breakpoint
ALTER TABLE "read_throughs" ADD CONSTRAINT "read_throughs_progress_check" CHECK ("read_throughs"."progress_fraction" BETWEEN 0 AND 1);