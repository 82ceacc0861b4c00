CREATE TABLE "group_member" (
	"group_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"joined_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_member_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "crew_group" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"owner_id" text NOT NULL,
	"invite_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crew_group_invite_code_unique" UNIQUE("invite_code"),
	CONSTRAINT "crew_group_name_length" CHECK (char_length("crew_group"."name") between 1 and 40)
);
--> statement-breakpoint
ALTER TABLE "pot" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "group_member" ADD CONSTRAINT "group_member_group_id_crew_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."crew_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_member" ADD CONSTRAINT "group_member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_group" ADD CONSTRAINT "crew_group_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_member_user_idx" ON "group_member" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "pot" ADD CONSTRAINT "pot_group_id_crew_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."crew_group"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pot_group_idx" ON "pot" USING btree ("group_id","created_at" DESC NULLS LAST) WHERE "pot"."group_id" is not null;