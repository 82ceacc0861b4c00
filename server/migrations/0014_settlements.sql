CREATE TABLE "settlement" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payer_id" text NOT NULL,
	"payee_id" text NOT NULL,
	"amount" integer NOT NULL,
	"bet_count" integer NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "settlement_parties_differ" CHECK ("settlement"."payer_id" <> "settlement"."payee_id"),
	CONSTRAINT "settlement_amount_positive" CHECK ("settlement"."amount" > 0),
	CONSTRAINT "settlement_bet_count_positive" CHECK ("settlement"."bet_count" > 0)
);
--> statement-breakpoint
ALTER TABLE "notification" DROP CONSTRAINT "notification_type";--> statement-breakpoint
ALTER TABLE "bet" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bet" ADD COLUMN "settlement_id" uuid;--> statement-breakpoint
ALTER TABLE "settlement" ADD CONSTRAINT "settlement_payer_id_user_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement" ADD CONSTRAINT "settlement_payee_id_user_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "settlement_payee_open_idx" ON "settlement" USING btree ("payee_id","payer_id") WHERE "settlement"."confirmed_at" is null;--> statement-breakpoint
CREATE INDEX "settlement_payer_idx" ON "settlement" USING btree ("payer_id");--> statement-breakpoint
ALTER TABLE "bet" ADD CONSTRAINT "bet_settlement_id_settlement_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlement"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bet_settlement_idx" ON "bet" USING btree ("settlement_id") WHERE "bet"."settlement_id" is not null;--> statement-breakpoint
ALTER TABLE "bet" ADD CONSTRAINT "bet_settled_implies_sent" CHECK ("bet"."settlement_id" is null or "bet"."payment_sent");--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_type" CHECK (type in ('friend_request_received', 'friend_request_accepted', 'invite_joined', 'invite_added', 'bet_placed', 'challenge_taken', 'challenge_declined', 'bet_accepted', 'bet_declined', 'bet_completed', 'void_requested', 'bet_voided', 'bet_disputed', 'void_kept', 'bet_overdue', 'payment_marked', 'payment_confirmed', 'comment_added', 'settlement_marked', 'settlement_confirmed'));--> statement-breakpoint
-- Bets paid before paid_at existed: their last update is the latest moment they can have been marked paid.
UPDATE "bet" SET "paid_at" = "updated_at" WHERE "payment_sent";
