CREATE TABLE "im_conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"agent_user_id" integer NOT NULL,
	"next_seq" integer DEFAULT 1 NOT NULL,
	"last_message_at" timestamp with time zone,
	"user_unread" integer DEFAULT 0 NOT NULL,
	"agent_unread" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "im_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"receiver_id" integer NOT NULL,
	"layout" integer NOT NULL,
	"content" jsonb NOT NULL,
	"client_msg_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_at" timestamp with time zone,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "im_conversations_pair_idx" ON "im_conversations" USING btree ("user_id","agent_user_id");--> statement-breakpoint
CREATE INDEX "im_conversations_agent_idx" ON "im_conversations" USING btree ("agent_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "im_messages_seq_idx" ON "im_messages" USING btree ("conversation_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "im_messages_client_idx" ON "im_messages" USING btree ("sender_id","client_msg_id");