DROP INDEX "ledger_accounts_operator_uq";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "shard" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_operator_uq" ON "ledger_accounts" USING btree ("operator","ledger","shard") WHERE "ledger_accounts"."operator" is not null;--> statement-breakpoint
INSERT INTO "ledger_accounts" ("operator", "ledger", "shard")
SELECT o, l, s FROM unnest(ARRAY['SOLD','PROMOTION','SPENT','EXPIRED','REFUNDED','EXCHANGE','ADJUSTED']) AS o
CROSS JOIN unnest(ARRAY['COIN','FREE_COIN','BONUS','MILEAGE']) AS l
CROSS JOIN generate_series(0, 15) AS s
ON CONFLICT DO NOTHING;
