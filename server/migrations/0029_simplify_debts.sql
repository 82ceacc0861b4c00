CREATE TABLE "group_settle_round" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"plan" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "group_settle_round_plan_not_empty" CHECK (jsonb_array_length("group_settle_round"."plan") > 0)
);
--> statement-breakpoint
ALTER TABLE "pot_payment" ADD COLUMN "group_round_id" uuid;--> statement-breakpoint
ALTER TABLE "settlement" ADD COLUMN "group_round_id" uuid;--> statement-breakpoint
ALTER TABLE "group_settle_round" ADD CONSTRAINT "group_settle_round_group_id_crew_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."crew_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_settle_round_open_idx" ON "group_settle_round" USING btree ("group_id") WHERE "group_settle_round"."completed_at" is null;--> statement-breakpoint
ALTER TABLE "pot_payment" ADD CONSTRAINT "pot_payment_group_round_id_group_settle_round_id_fk" FOREIGN KEY ("group_round_id") REFERENCES "public"."group_settle_round"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement" ADD CONSTRAINT "settlement_group_round_id_group_settle_round_id_fk" FOREIGN KEY ("group_round_id") REFERENCES "public"."group_settle_round"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pot_payment_group_round_idx" ON "pot_payment" USING btree ("group_round_id") WHERE "pot_payment"."group_round_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_group_round_idx" ON "settlement" USING btree ("group_round_id","payer_id","payee_id") WHERE "settlement"."group_round_id" is not null;--> statement-breakpoint
ALTER TABLE "pot_payment" ADD CONSTRAINT "pot_payment_round_implies_sent" CHECK ("pot_payment"."group_round_id" is null or "pot_payment"."sent_at" is not null);