CREATE TABLE "challenge_decline" (
	"challenge_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenge_decline_challenge_id_user_id_pk" PRIMARY KEY("challenge_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "challenge" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"creator_id" text NOT NULL,
	"description" text NOT NULL,
	"amount" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"taken_by" text,
	"bet_id" uuid,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenge_code_unique" UNIQUE("code"),
	CONSTRAINT "challenge_description_length" CHECK (char_length("challenge"."description") between 1 and 280),
	CONSTRAINT "challenge_amount_range" CHECK ("challenge"."amount" between 1 and 10000),
	CONSTRAINT "challenge_not_taken_by_creator" CHECK ("challenge"."taken_by" is null or "challenge"."taken_by" <> "challenge"."creator_id"),
	CONSTRAINT "challenge_taken_or_cancelled" CHECK ("challenge"."taken_by" is null or "challenge"."cancelled_at" is null)
);
--> statement-breakpoint
ALTER TABLE "challenge_decline" ADD CONSTRAINT "challenge_decline_challenge_id_challenge_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenge"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_decline" ADD CONSTRAINT "challenge_decline_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge" ADD CONSTRAINT "challenge_creator_id_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge" ADD CONSTRAINT "challenge_taken_by_user_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge" ADD CONSTRAINT "challenge_bet_id_bet_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bet"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenge_creator_open_idx" ON "challenge" USING btree ("creator_id","created_at") WHERE "challenge"."taken_by" is null and "challenge"."cancelled_at" is null;