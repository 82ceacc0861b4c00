CREATE TABLE "pot_entry" (
	"pot_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"option_id" uuid,
	"guess" double precision,
	"payout" integer,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "pot_entry_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "pot_entry_pot_id_user_id_pk" PRIMARY KEY("pot_id","user_id"),
	CONSTRAINT "pot_entry_one_pick" CHECK (("pot_entry"."option_id" is null) <> ("pot_entry"."guess" is null))
);
--> statement-breakpoint
CREATE TABLE "pot_invite" (
	"pot_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "pot_invite_pot_id_user_id_pk" PRIMARY KEY("pot_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "pot_option" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pot_id" uuid NOT NULL,
	"label" text NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "pot_option_label_length" CHECK (char_length("pot_option"."label") between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "pot_payment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pot_id" uuid NOT NULL,
	"payer_id" text NOT NULL,
	"payee_id" text NOT NULL,
	"amount" integer NOT NULL,
	"position" smallint NOT NULL,
	"sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "pot_payment_parties_differ" CHECK ("pot_payment"."payer_id" <> "pot_payment"."payee_id"),
	CONSTRAINT "pot_payment_amount_positive" CHECK ("pot_payment"."amount" > 0),
	CONSTRAINT "pot_payment_confirmed_implies_sent" CHECK ("pot_payment"."confirmed_at" is null or "pot_payment"."sent_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "pot_vote" (
	"pot_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"option_id" uuid NOT NULL,
	"voted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pot_vote_pot_id_user_id_pk" PRIMARY KEY("pot_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "pot" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" text NOT NULL,
	"question" text NOT NULL,
	"kind" text NOT NULL,
	"line" double precision,
	"stake" integer NOT NULL,
	"closes_at" timestamp with time zone,
	"resolve_by" date,
	"decider" text NOT NULL,
	"referee_id" text,
	"referee_accepted_at" timestamp with time zone,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"result_option_id" uuid,
	"result_number" double precision,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pot_question_length" CHECK (char_length("pot"."question") between 1 and 280),
	CONSTRAINT "pot_kind" CHECK ("pot"."kind" in ('choices', 'over_under', 'closest')),
	CONSTRAINT "pot_decider" CHECK ("pot"."decider" in ('me', 'referee', 'vote')),
	CONSTRAINT "pot_status" CHECK ("pot"."status" in ('open', 'closed', 'awaiting', 'disputed', 'decided', 'cancelled')),
	CONSTRAINT "pot_outcome" CHECK ("pot"."outcome" is null or "pot"."outcome" in ('won', 'push', 'no_winners', 'not_enough')),
	CONSTRAINT "pot_stake_range" CHECK ("pot"."stake" between 1 and 10000),
	CONSTRAINT "pot_line_iff_over_under" CHECK (("pot"."kind" = 'over_under') = ("pot"."line" is not null)),
	CONSTRAINT "pot_referee_iff_referee" CHECK ("pot"."referee_id" is null or "pot"."decider" = 'referee'),
	CONSTRAINT "pot_referee_not_creator" CHECK ("pot"."referee_id" is null or "pot"."referee_id" <> "pot"."creator_id"),
	CONSTRAINT "pot_vote_only_choices" CHECK ("pot"."decider" <> 'vote' or "pot"."kind" = 'choices'),
	CONSTRAINT "pot_decided_iff_outcome" CHECK (("pot"."status" = 'decided') = ("pot"."outcome" is not null and "pot"."decided_at" is not null)),
	CONSTRAINT "pot_cancelled_iff_time" CHECK (("pot"."status" = 'cancelled') = ("pot"."cancelled_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "notification" DROP CONSTRAINT "notification_type";--> statement-breakpoint
ALTER TABLE "pot_entry" ADD CONSTRAINT "pot_entry_pot_id_pot_id_fk" FOREIGN KEY ("pot_id") REFERENCES "public"."pot"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pot_entry" ADD CONSTRAINT "pot_entry_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pot_entry" ADD CONSTRAINT "pot_entry_option_id_pot_option_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."pot_option"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pot_invite" ADD CONSTRAINT "pot_invite_pot_id_pot_id_fk" FOREIGN KEY ("pot_id") REFERENCES "public"."pot"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pot_invite" ADD CONSTRAINT "pot_invite_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pot_option" ADD CONSTRAINT "pot_option_pot_id_pot_id_fk" FOREIGN KEY ("pot_id") REFERENCES "public"."pot"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pot_payment" ADD CONSTRAINT "pot_payment_pot_id_pot_id_fk" FOREIGN KEY ("pot_id") REFERENCES "public"."pot"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pot_payment" ADD CONSTRAINT "pot_payment_payer_id_user_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pot_payment" ADD CONSTRAINT "pot_payment_payee_id_user_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pot_vote" ADD CONSTRAINT "pot_vote_pot_id_pot_id_fk" FOREIGN KEY ("pot_id") REFERENCES "public"."pot"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pot_vote" ADD CONSTRAINT "pot_vote_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pot_vote" ADD CONSTRAINT "pot_vote_option_id_pot_option_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."pot_option"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pot" ADD CONSTRAINT "pot_creator_id_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pot" ADD CONSTRAINT "pot_referee_id_user_id_fk" FOREIGN KEY ("referee_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pot" ADD CONSTRAINT "pot_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pot_entry_user_idx" ON "pot_entry" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pot_invite_user_idx" ON "pot_invite" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pot_option_pot_idx" ON "pot_option" USING btree ("pot_id","position");--> statement-breakpoint
CREATE INDEX "pot_payment_pot_idx" ON "pot_payment" USING btree ("pot_id","position");--> statement-breakpoint
CREATE INDEX "pot_payment_payer_idx" ON "pot_payment" USING btree ("payer_id");--> statement-breakpoint
CREATE INDEX "pot_payment_payee_idx" ON "pot_payment" USING btree ("payee_id");--> statement-breakpoint
CREATE INDEX "pot_creator_idx" ON "pot" USING btree ("creator_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "pot_referee_idx" ON "pot" USING btree ("referee_id") WHERE "pot"."referee_id" is not null;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_type" CHECK (type in ('friend_request_received', 'friend_request_accepted', 'invite_joined', 'invite_added', 'bet_placed', 'challenge_taken', 'challenge_declined', 'bet_accepted', 'bet_declined', 'bet_completed', 'void_requested', 'bet_voided', 'bet_disputed', 'void_kept', 'bet_overdue', 'payment_marked', 'payment_confirmed', 'comment_added', 'settlement_marked', 'settlement_confirmed', 'payment_reminder', 'balance_reminder', 'payment_reminder_auto', 'pot_invited', 'pot_referee_asked', 'pot_cancelled', 'pot_decided', 'pot_payment_marked', 'pot_payment_confirmed'));