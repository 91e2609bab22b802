CREATE TABLE "shelf_items" (
	"shelf_id" text NOT NULL,
	"shelf_entry_id" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shelf_items_shelf_id_shelf_entry_id_pk" PRIMARY KEY("shelf_id","shelf_entry_id")
);
--> statement-breakpoint
CREATE TABLE "shelves" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"visibility" text DEFAULT 'publico' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shelf_entries" ADD COLUMN "owned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shelf_entries" ADD COLUMN "owned_format" text;--> statement-breakpoint
ALTER TABLE "shelf_entries" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "shelf_items" ADD CONSTRAINT "shelf_items_shelf_id_shelves_id_fk" FOREIGN KEY ("shelf_id") REFERENCES "public"."shelves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shelf_items" ADD CONSTRAINT "shelf_items_shelf_entry_id_shelf_entries_id_fk" FOREIGN KEY ("shelf_entry_id") REFERENCES "public"."shelf_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shelves" ADD CONSTRAINT "shelves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shelf_items_entry_idx" ON "shelf_items" USING btree ("shelf_entry_id");--> statement-breakpoint
CREATE INDEX "shelf_items_order_idx" ON "shelf_items" USING btree ("shelf_id","position");--> statement-breakpoint
CREATE INDEX "shelves_user_idx" ON "shelves" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "shelves_visibility_updated_idx" ON "shelves" USING btree ("visibility","updated_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "shelf_entries_user_status_idx" ON "shelf_entries" USING btree ("user_id","status");