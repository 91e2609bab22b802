CREATE TABLE "whisper_images" (
	"message_id" text NOT NULL,
	"position" smallint NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"source_digest" text NOT NULL,
	CONSTRAINT "whisper_images_message_id_position_pk" PRIMARY KEY("message_id","position"),
	CONSTRAINT "whisper_images_position_check" CHECK ("whisper_images"."position" BETWEEN 1 AND 4)
);
--> statement-breakpoint
ALTER TABLE "whisper_messages" DROP CONSTRAINT "whisper_messages_body_check";--> statement-breakpoint
ALTER TABLE "whisper_images" ADD CONSTRAINT "whisper_images_message_id_whisper_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."whisper_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whisper_messages" ADD CONSTRAINT "whisper_messages_body_check" CHECK (char_length(body) <= 2000);