ALTER TABLE "deposits" ADD COLUMN "purpose" text;--> statement-breakpoint
CREATE UNIQUE INDEX "fund_purchases_deposit_uq" ON "fund_purchases" USING btree ("deposit_id") WHERE deposit_id IS NOT NULL;--> statement-breakpoint
-- Decision 031: every gateway payment says what it is for; a card purchase's payment is the one its purchase points at.
UPDATE "deposits" SET "purpose" = CASE
  WHEN EXISTS (SELECT 1 FROM "fund_purchases" p WHERE p."deposit_id" = "deposits"."id") THEN 'fund_purchase'
  ELSE 'wallet_deposit'
END WHERE "kind" = 'gateway';--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_gateway_purpose" CHECK (("deposits"."kind" = 'gateway') = ("deposits"."purpose" IS NOT NULL));
