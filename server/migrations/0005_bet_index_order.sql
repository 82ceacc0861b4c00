DROP INDEX "bet_creator_idx";--> statement-breakpoint
DROP INDEX "bet_opponent_idx";--> statement-breakpoint
CREATE INDEX "bet_creator_idx" ON "bet" USING btree ("created_by","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bet_opponent_idx" ON "bet" USING btree ("opponent_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);