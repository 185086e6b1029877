CREATE TABLE "fund_announcement_reads" (
	"announcement_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"agreed_at" timestamp with time zone,
	CONSTRAINT "fund_announcement_reads_announcement_id_user_id_pk" PRIMARY KEY("announcement_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "fund_announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fund_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"requires_agreement" boolean DEFAULT false NOT NULL,
	"document_url" text,
	"created_by" uuid,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fund_consultations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"fund_id" uuid NOT NULL,
	"call_date" date NOT NULL,
	"period" text NOT NULL,
	"phone" text NOT NULL,
	"status" text NOT NULL,
	"handled_by" uuid,
	"handled_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fund_dividend_payments" (
	"dividend_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"units" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"journal_id" uuid NOT NULL,
	CONSTRAINT "fund_dividend_payments_dividend_id_user_id_pk" PRIMARY KEY("dividend_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "fund_dividends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fund_id" uuid NOT NULL,
	"per_unit" bigint NOT NULL,
	"total" bigint NOT NULL,
	"holders" integer NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_dividends_positive" CHECK ("fund_dividends"."per_unit" > 0)
);
--> statement-breakpoint
CREATE TABLE "fund_lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"fund_id" uuid NOT NULL,
	"purchase_id" uuid,
	"units_issued" bigint NOT NULL,
	"units_remaining" bigint NOT NULL,
	"nav" bigint NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fund_lots_units" CHECK ("fund_lots"."units_issued" > 0 AND "fund_lots"."units_remaining" >= 0 AND "fund_lots"."units_remaining" <= "fund_lots"."units_issued")
);
--> statement-breakpoint
CREATE TABLE "fund_navs" (
	"fund_id" uuid NOT NULL,
	"nav_date" date NOT NULL,
	"nav" bigint NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" uuid,
	"corrected_at" timestamp with time zone,
	CONSTRAINT "fund_navs_fund_id_nav_date_pk" PRIMARY KEY("fund_id","nav_date"),
	CONSTRAINT "fund_navs_positive" CHECK ("fund_navs"."nav" > 0)
);
--> statement-breakpoint
CREATE TABLE "fund_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"fund_id" uuid NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"fixed_fee" bigint NOT NULL,
	"nav_date" date NOT NULL,
	"nav" bigint,
	"units" bigint,
	"cost" bigint,
	"deposit_id" uuid,
	"hold_journal_id" uuid,
	"journal_id" uuid,
	"fail_reason" text,
	"priced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_purchases_amount_positive" CHECK ("fund_purchases"."amount" > 0 AND "fund_purchases"."fixed_fee" >= 0),
	CONSTRAINT "fund_purchases_priced" CHECK (("fund_purchases"."status" = 'Successful') = ("fund_purchases"."units" IS NOT NULL AND "fund_purchases"."nav" IS NOT NULL AND "fund_purchases"."journal_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "fund_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"fund_id" uuid NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"units" bigint NOT NULL,
	"nav_date" date NOT NULL,
	"nav" bigint,
	"value" bigint,
	"fixed_fee" bigint,
	"early_exit_fee" bigint,
	"performance_fee" bigint,
	"proceeds" bigint,
	"takes" jsonb,
	"hold_journal_id" uuid NOT NULL,
	"journal_id" uuid,
	"priced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_redemptions_units_positive" CHECK ("fund_redemptions"."units" > 0),
	CONSTRAINT "fund_redemptions_priced" CHECK (("fund_redemptions"."status" = 'Successful') = ("fund_redemptions"."proceeds" IS NOT NULL AND "fund_redemptions"."journal_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "funds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"preset" text NOT NULL,
	"fund_type" smallint NOT NULL,
	"category" text NOT NULL,
	"risk" smallint NOT NULL,
	"currency" text NOT NULL,
	"name" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"about" jsonb NOT NULL,
	"purchase_fixed_fee" bigint DEFAULT 0 NOT NULL,
	"management_fee_bps" integer DEFAULT 0 NOT NULL,
	"redeem_fixed_fee" bigint DEFAULT 0 NOT NULL,
	"performance_fee_bps" integer DEFAULT 0 NOT NULL,
	"min_purchase" bigint NOT NULL,
	"max_purchase" bigint,
	"min_redeem_units" bigint DEFAULT 1 NOT NULL,
	"buying_paused" boolean DEFAULT false NOT NULL,
	"redeeming_paused" boolean DEFAULT false NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"asset_allocation" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"licences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funds_fund_type" CHECK ("funds"."fund_type" IN (1, 2, 3)),
	CONSTRAINT "funds_risk" CHECK ("funds"."risk" IN (10, 25, 35, 60, 100)),
	CONSTRAINT "funds_fees_nonneg" CHECK ("funds"."purchase_fixed_fee" >= 0 AND "funds"."redeem_fixed_fee" >= 0 AND "funds"."management_fee_bps" BETWEEN 0 AND 10000 AND "funds"."performance_fee_bps" BETWEEN 0 AND 10000),
	CONSTRAINT "funds_limits" CHECK ("funds"."min_purchase" > 0 AND ("funds"."max_purchase" IS NULL OR "funds"."max_purchase" >= "funds"."min_purchase") AND "funds"."min_redeem_units" > 0)
);
--> statement-breakpoint
ALTER TABLE "fund_announcement_reads" ADD CONSTRAINT "fund_announcement_reads_announcement_id_fund_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."fund_announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_announcement_reads" ADD CONSTRAINT "fund_announcement_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_announcements" ADD CONSTRAINT "fund_announcements_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_announcements" ADD CONSTRAINT "fund_announcements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_consultations" ADD CONSTRAINT "fund_consultations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_consultations" ADD CONSTRAINT "fund_consultations_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_consultations" ADD CONSTRAINT "fund_consultations_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_dividend_payments" ADD CONSTRAINT "fund_dividend_payments_dividend_id_fund_dividends_id_fk" FOREIGN KEY ("dividend_id") REFERENCES "public"."fund_dividends"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_dividend_payments" ADD CONSTRAINT "fund_dividend_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_dividend_payments" ADD CONSTRAINT "fund_dividend_payments_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_dividends" ADD CONSTRAINT "fund_dividends_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_dividends" ADD CONSTRAINT "fund_dividends_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_lots" ADD CONSTRAINT "fund_lots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_lots" ADD CONSTRAINT "fund_lots_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_lots" ADD CONSTRAINT "fund_lots_purchase_id_fund_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."fund_purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_navs" ADD CONSTRAINT "fund_navs_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_navs" ADD CONSTRAINT "fund_navs_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_purchases" ADD CONSTRAINT "fund_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_purchases" ADD CONSTRAINT "fund_purchases_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_purchases" ADD CONSTRAINT "fund_purchases_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_purchases" ADD CONSTRAINT "fund_purchases_hold_journal_id_ledger_journals_id_fk" FOREIGN KEY ("hold_journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_purchases" ADD CONSTRAINT "fund_purchases_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_redemptions" ADD CONSTRAINT "fund_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_redemptions" ADD CONSTRAINT "fund_redemptions_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_redemptions" ADD CONSTRAINT "fund_redemptions_hold_journal_id_ledger_journals_id_fk" FOREIGN KEY ("hold_journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_redemptions" ADD CONSTRAINT "fund_redemptions_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fund_announcements_fund_idx" ON "fund_announcements" USING btree ("fund_id","published_at");--> statement-breakpoint
CREATE INDEX "fund_consultations_queue_idx" ON "fund_consultations" USING btree ("status","call_date","created_at");--> statement-breakpoint
CREATE INDEX "fund_lots_holder_idx" ON "fund_lots" USING btree ("user_id","fund_id","issued_at");--> statement-breakpoint
CREATE INDEX "fund_purchases_user_idx" ON "fund_purchases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "fund_purchases_waiting_idx" ON "fund_purchases" USING btree ("fund_id","nav_date") WHERE status = 'Waiting';--> statement-breakpoint
CREATE INDEX "fund_redemptions_user_idx" ON "fund_redemptions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "fund_redemptions_waiting_idx" ON "fund_redemptions" USING btree ("fund_id","nav_date") WHERE status = 'Waiting';--> statement-breakpoint
CREATE UNIQUE INDEX "funds_code_uq" ON "funds" USING btree ("code");