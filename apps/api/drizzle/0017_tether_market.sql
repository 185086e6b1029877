CREATE TABLE "tether_candles" (
	"interval" text NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"open" bigint NOT NULL,
	"high" bigint NOT NULL,
	"low" bigint NOT NULL,
	"close" bigint NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "tether_candles_interval_start_pk" PRIMARY KEY("interval","start")
);
--> statement-breakpoint
CREATE TABLE "tether_market_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"spread_bps" integer NOT NULL,
	"fee_bps" integer NOT NULL,
	"quote_ttl_seconds" integer NOT NULL,
	"min_trade_toman" bigint NOT NULL,
	"daily_limit_toman" jsonb NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"paused_reason" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tether_settings_one_row" CHECK ("tether_market_settings"."id" = 1),
	CONSTRAINT "tether_settings_spread" CHECK ("tether_market_settings"."spread_bps" BETWEEN 0 AND 2000),
	CONSTRAINT "tether_settings_fee" CHECK ("tether_market_settings"."fee_bps" BETWEEN 0 AND 2000),
	CONSTRAINT "tether_settings_ttl" CHECK ("tether_market_settings"."quote_ttl_seconds" BETWEEN 5 AND 300),
	CONSTRAINT "tether_settings_min" CHECK ("tether_market_settings"."min_trade_toman" > 0)
);
--> statement-breakpoint
CREATE TABLE "tether_prices" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tether_prices_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"mid" bigint NOT NULL,
	"sources" jsonb NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "tether_prices_mid_positive" CHECK ("tether_prices"."mid" > 0)
);
--> statement-breakpoint
CREATE TABLE "tether_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"side" text NOT NULL,
	"fiat" text NOT NULL,
	"amount_of" text NOT NULL,
	"requested" bigint NOT NULL,
	"price_seq" bigint NOT NULL,
	"price" bigint NOT NULL,
	"fiat_amount" bigint NOT NULL,
	"usdt_amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"fee_bps" integer NOT NULL,
	"spread_bps" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"executed_at" timestamp with time zone,
	CONSTRAINT "tether_quotes_amounts_positive" CHECK ("tether_quotes"."fiat_amount" > 0 AND "tether_quotes"."usdt_amount" > 0 AND "tether_quotes"."fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tether_trades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"side" text NOT NULL,
	"fiat" text NOT NULL,
	"price" bigint NOT NULL,
	"fiat_amount" bigint NOT NULL,
	"usdt_amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"value_toman" bigint NOT NULL,
	"trade_day" text NOT NULL,
	"journal_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tether_trades_quoteId_unique" UNIQUE("quote_id")
);
--> statement-breakpoint
ALTER TABLE "tether_market_settings" ADD CONSTRAINT "tether_market_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tether_quotes" ADD CONSTRAINT "tether_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tether_trades" ADD CONSTRAINT "tether_trades_quote_id_tether_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."tether_quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tether_trades" ADD CONSTRAINT "tether_trades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tether_trades" ADD CONSTRAINT "tether_trades_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tether_prices_at_idx" ON "tether_prices" USING btree ("at");--> statement-breakpoint
CREATE INDEX "tether_quotes_user_idx" ON "tether_quotes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "tether_trades_user_idx" ON "tether_trades" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "tether_trades_user_day_idx" ON "tether_trades" USING btree ("user_id","trade_day");--> statement-breakpoint
CREATE INDEX "tether_trades_created_idx" ON "tether_trades" USING btree ("created_at");--> statement-breakpoint
-- The market's first settings (decision 039): 0.5 % spread, 0.25 % fee, 20-second quotes, 100,000 toman
-- per trade at least, 200 million toman a day at KYC level one and 2 billion at level two.
INSERT INTO "tether_market_settings" ("id", "spread_bps", "fee_bps", "quote_ttl_seconds", "min_trade_toman", "daily_limit_toman")
VALUES (1, 50, 25, 20, 100000, '{"1":"200000000","2":"2000000000"}'::jsonb)
ON CONFLICT DO NOTHING;
