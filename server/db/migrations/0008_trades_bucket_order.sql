DROP INDEX "trades_trader_one_idx";--> statement-breakpoint
DROP INDEX "trades_trader_two_idx";--> statement-breakpoint
CREATE INDEX "trades_trader_one_status_idx" ON "trades" USING btree ("trader_one_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trades_trader_two_status_idx" ON "trades" USING btree ("trader_two_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);