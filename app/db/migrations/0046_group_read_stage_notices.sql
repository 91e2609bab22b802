CREATE TABLE "group_read_stage_notices" (
	"stage_id" text NOT NULL,
	"user_id" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_read_stage_notices_stage_id_user_id_pk" PRIMARY KEY("stage_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "group_read_stage_notices" ADD CONSTRAINT "group_read_stage_notices_stage_id_group_read_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."group_read_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_read_stage_notices" ADD CONSTRAINT "group_read_stage_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_read_stage_notices_user_idx" ON "group_read_stage_notices" USING btree ("user_id");