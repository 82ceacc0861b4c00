CREATE TABLE "bet_like" (
	"bet_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bet_like_bet_id_user_id_pk" PRIMARY KEY("bet_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "bet" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "bet" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "bet_like" ADD CONSTRAINT "bet_like_bet_id_bet_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_like" ADD CONSTRAINT "bet_like_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bet_like_user_idx" ON "bet_like" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "bet_winner_recent_idx" ON "bet" USING btree ("winner_id","completed_at") WHERE "bet"."status" = 'completed';