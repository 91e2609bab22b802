CREATE TABLE "group_read_comments" (
	"id" text PRIMARY KEY NOT NULL,
	"group_read_id" text NOT NULL,
	"stage_id" text NOT NULL,
	"author_id" text,
	"parent_id" text,
	"body" text NOT NULL,
	"pinned_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_read_comments_body_check" CHECK (char_length("group_read_comments"."body") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
CREATE TABLE "group_read_stage_marks" (
	"stage_id" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_read_stage_marks_stage_id_user_id_kind_pk" PRIMARY KEY("stage_id","user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "group_read_comments" ADD CONSTRAINT "group_read_comments_group_read_id_group_reads_id_fk" FOREIGN KEY ("group_read_id") REFERENCES "public"."group_reads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_read_comments" ADD CONSTRAINT "group_read_comments_stage_id_group_read_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."group_read_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_read_comments" ADD CONSTRAINT "group_read_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_read_comments" ADD CONSTRAINT "group_read_comments_parent_id_group_read_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."group_read_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_read_stage_marks" ADD CONSTRAINT "group_read_stage_marks_stage_id_group_read_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."group_read_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_read_stage_marks" ADD CONSTRAINT "group_read_stage_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_read_comments_stage_idx" ON "group_read_comments" USING btree ("stage_id","parent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "group_read_comments_group_read_idx" ON "group_read_comments" USING btree ("group_read_id","stage_id");--> statement-breakpoint
CREATE INDEX "group_read_comments_author_idx" ON "group_read_comments" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "group_read_comments_parent_idx" ON "group_read_comments" USING btree ("parent_id","created_at");--> statement-breakpoint
CREATE INDEX "group_read_stage_marks_user_idx" ON "group_read_stage_marks" USING btree ("user_id");