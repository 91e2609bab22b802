CREATE TABLE "whisper_conversations" (
	"id" text PRIMARY KEY NOT NULL,
	"low_reader_id" text,
	"high_reader_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whisper_conversations_pair_check" CHECK (low_reader_id IS NULL OR high_reader_id IS NULL OR low_reader_id < high_reader_id)
);
--> statement-breakpoint
CREATE TABLE "whisper_hidden_messages" (
	"message_id" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "whisper_hidden_messages_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "whisper_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"author_id" text NOT NULL,
	"client_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whisper_messages_body_check" CHECK (char_length(body) BETWEEN 1 AND 2000)
);
--> statement-breakpoint
CREATE TABLE "whisper_participants" (
	"conversation_id" text NOT NULL,
	"user_id" text NOT NULL,
	"read_up_to" timestamp with time zone,
	CONSTRAINT "whisper_participants_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whisper_audience" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "whisper_conversations" ADD CONSTRAINT "whisper_conversations_low_reader_id_users_id_fk" FOREIGN KEY ("low_reader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whisper_conversations" ADD CONSTRAINT "whisper_conversations_high_reader_id_users_id_fk" FOREIGN KEY ("high_reader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whisper_hidden_messages" ADD CONSTRAINT "whisper_hidden_messages_message_id_whisper_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."whisper_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whisper_hidden_messages" ADD CONSTRAINT "whisper_hidden_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whisper_messages" ADD CONSTRAINT "whisper_messages_conversation_id_whisper_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."whisper_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whisper_messages" ADD CONSTRAINT "whisper_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whisper_participants" ADD CONSTRAINT "whisper_participants_conversation_id_whisper_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."whisper_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whisper_participants" ADD CONSTRAINT "whisper_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whisper_conversations_pair_key" ON "whisper_conversations" USING btree ("low_reader_id","high_reader_id");--> statement-breakpoint
CREATE INDEX "whisper_conversations_high_idx" ON "whisper_conversations" USING btree ("high_reader_id");--> statement-breakpoint
CREATE INDEX "whisper_hidden_messages_user_idx" ON "whisper_hidden_messages" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whisper_messages_client_key" ON "whisper_messages" USING btree ("author_id","client_id");--> statement-breakpoint
CREATE INDEX "whisper_messages_conversation_idx" ON "whisper_messages" USING btree ("conversation_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "whisper_participants_user_idx" ON "whisper_participants" USING btree ("user_id");