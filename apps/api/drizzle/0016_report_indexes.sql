CREATE INDEX "orders_brand_paid_idx" ON "orders" USING btree ("brand_id","paid_at") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_brand_refunded_idx" ON "orders" USING btree ("brand_id","refunded_at") WHERE "orders"."refunded_at" is not null;--> statement-breakpoint
CREATE INDEX "episode_purchases_brand_time_idx" ON "episode_purchases" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_transfers_use_time_idx" ON "ledger_transfers" USING btree ("created_at") WHERE "ledger_transfers"."type" = 'USE' and "ledger_transfers"."purchase_id" is not null;--> statement-breakpoint
CREATE INDEX "refresh_tokens_created_idx" ON "refresh_tokens" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "coupon_users_registered_idx" ON "coupon_users" USING btree ("registered_at");
