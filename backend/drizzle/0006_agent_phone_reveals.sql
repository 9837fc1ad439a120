CREATE TABLE "agent_phone_reveals" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"business_type" smallint NOT NULL,
	"business_id" integer NOT NULL,
	"device_code" text,
	"client_ip" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "agent_phone_reveals_agent_idx" ON "agent_phone_reveals" USING btree ("agent_id","at");