ALTER TABLE "read_throughs" ADD COLUMN "user_id" text;--> statement-breakpoint
UPDATE "read_throughs" rt SET "user_id" = s."user_id" FROM "shelf_entries" s WHERE s."id" = rt."shelf_entry_id";--> statement-breakpoint
ALTER TABLE "read_throughs" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "read_throughs" ADD CONSTRAINT "read_throughs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "read_throughs_user_finished_idx" ON "read_throughs" USING btree ("user_id","finished_on") WHERE "read_throughs"."finished_on" IS NOT NULL;
