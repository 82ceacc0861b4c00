-- Trigram indexes below serve partial username/phone search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "bet" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by" text NOT NULL,
	"opponent_id" text NOT NULL,
	"description" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"winner_id" text,
	"acceptance_comment_id" uuid,
	"void_requested_by" text,
	"payment_sent" boolean DEFAULT false NOT NULL,
	"payment_confirmed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "bet_parties_differ" CHECK ("bet"."created_by" <> "bet"."opponent_id"),
	CONSTRAINT "bet_status" CHECK ("bet"."status" in ('pending', 'active', 'completed')),
	CONSTRAINT "bet_description_length" CHECK (char_length("bet"."description") between 1 and 280),
	CONSTRAINT "bet_amount_range" CHECK ("bet"."amount" between 1 and 10000),
	CONSTRAINT "bet_winner_is_party" CHECK ("bet"."winner_id" is null or "bet"."winner_id" in ("bet"."created_by", "bet"."opponent_id")),
	CONSTRAINT "bet_void_requester_is_party" CHECK ("bet"."void_requested_by" is null or "bet"."void_requested_by" in ("bet"."created_by", "bet"."opponent_id")),
	CONSTRAINT "bet_void_only_active" CHECK ("bet"."void_requested_by" is null or "bet"."status" = 'active'),
	CONSTRAINT "bet_winner_iff_completed" CHECK (("bet"."status" = 'completed') = ("bet"."winner_id" is not null and "bet"."completed_at" is not null)),
	CONSTRAINT "bet_payment_only_completed" CHECK ("bet"."status" = 'completed' or not ("bet"."payment_sent" or "bet"."payment_confirmed")),
	CONSTRAINT "bet_confirmed_implies_sent" CHECK (not "bet"."payment_confirmed" or "bet"."payment_sent")
);
--> statement-breakpoint
CREATE TABLE "friend_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requester_id" text NOT NULL,
	"requested_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "friend_request_not_self" CHECK ("friend_request"."requester_id" <> "friend_request"."requested_id"),
	CONSTRAINT "friend_request_status" CHECK ("friend_request"."status" in ('pending', 'accepted'))
);
--> statement-breakpoint
CREATE TABLE "friendship" (
	"user_id" text NOT NULL,
	"friend_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "friendship_user_id_friend_id_pk" PRIMARY KEY("user_id","friend_id"),
	CONSTRAINT "friendship_not_self" CHECK ("friendship"."user_id" <> "friendship"."friend_id")
);
--> statement-breakpoint
ALTER TABLE "bet" ADD CONSTRAINT "bet_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet" ADD CONSTRAINT "bet_opponent_id_user_id_fk" FOREIGN KEY ("opponent_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet" ADD CONSTRAINT "bet_winner_id_user_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet" ADD CONSTRAINT "bet_void_requested_by_user_id_fk" FOREIGN KEY ("void_requested_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_request" ADD CONSTRAINT "friend_request_requester_id_user_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_request" ADD CONSTRAINT "friend_request_requested_id_user_id_fk" FOREIGN KEY ("requested_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendship" ADD CONSTRAINT "friendship_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendship" ADD CONSTRAINT "friendship_friend_id_user_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bet_creator_idx" ON "bet" USING btree ("created_by","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bet_opponent_idx" ON "bet" USING btree ("opponent_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bet_completed_idx" ON "bet" USING btree ("completed_at") WHERE "bet"."status" = 'completed';--> statement-breakpoint
CREATE UNIQUE INDEX "friend_request_one_pending_per_pair" ON "friend_request" USING btree (least("requester_id", "requested_id"),greatest("requester_id", "requested_id")) WHERE "friend_request"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "friend_request_incoming_idx" ON "friend_request" USING btree ("requested_id","created_at") WHERE "friend_request"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "friend_request_outgoing_idx" ON "friend_request" USING btree ("requester_id") WHERE "friend_request"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "friendship_friend_id_idx" ON "friendship" USING btree ("friend_id");--> statement-breakpoint
CREATE INDEX "user_username_trgm_idx" ON "user" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_phone_trgm_idx" ON "user" USING gin ("phone" gin_trgm_ops);