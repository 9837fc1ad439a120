CREATE TABLE "agent_phone_bindings" (
	"id" serial PRIMARY KEY NOT NULL,
	"extension" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"device_key" text NOT NULL,
	"bound_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_phone_reveals" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "agent_phone_reveals" ADD COLUMN "extension" integer;--> statement-breakpoint
ALTER TABLE "agent_phone_bindings" ADD CONSTRAINT "agent_phone_bindings_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_phone_bindings_extension_idx" ON "agent_phone_bindings" USING btree ("extension");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_phone_bindings_pair_idx" ON "agent_phone_bindings" USING btree ("agent_id","device_key");--> statement-breakpoint
ALTER TABLE "agent_phone_reveals" ADD CONSTRAINT "agent_phone_reveals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_phone_reveals_ip_idx" ON "agent_phone_reveals" USING btree ("client_ip","at");--> statement-breakpoint
CREATE INDEX "agent_phone_reveals_device_idx" ON "agent_phone_reveals" USING btree ("device_code","at");--> statement-breakpoint
CREATE INDEX "agent_phone_reveals_user_idx" ON "agent_phone_reveals" USING btree ("user_id","at");