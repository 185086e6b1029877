-- 0021_market_universe (issue 20): the crypto universe of the smart hold baskets, its listings on the
-- exchanges, its daily closes, the universe job's status per exchange and the sandbox exchange's orders
-- (decision 045; schema: src/db/schema/market.ts).
CREATE TABLE "crypto_assets" (
	"symbol" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"quantity_scale" smallint DEFAULT 8 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"last_price" numeric,
	"last_price_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crypto_assets_symbol" CHECK ("crypto_assets"."symbol" ~ '^[A-Z0-9]{2,15}$'),
	CONSTRAINT "crypto_assets_scale" CHECK ("crypto_assets"."quantity_scale" BETWEEN 0 AND 18),
	CONSTRAINT "crypto_assets_price_positive" CHECK ("crypto_assets"."last_price" IS NULL OR "crypto_assets"."last_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "exchange_listings" (
	"exchange" text NOT NULL,
	"symbol" text NOT NULL,
	"pair" text NOT NULL,
	"margin" boolean DEFAULT false NOT NULL,
	"quantity_step" numeric NOT NULL,
	"min_notional" numeric NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_listings_exchange_symbol_pk" PRIMARY KEY("exchange","symbol"),
	CONSTRAINT "exchange_listings_step_positive" CHECK ("exchange_listings"."quantity_step" > 0),
	CONSTRAINT "exchange_listings_min_notional" CHECK ("exchange_listings"."min_notional" >= 0)
);
--> statement-breakpoint
CREATE TABLE "crypto_daily_closes" (
	"symbol" text NOT NULL,
	"day" date NOT NULL,
	"close" numeric NOT NULL,
	CONSTRAINT "crypto_daily_closes_symbol_day_pk" PRIMARY KEY("symbol","day"),
	CONSTRAINT "crypto_daily_closes_positive" CHECK ("crypto_daily_closes"."close" > 0)
);
--> statement-breakpoint
CREATE TABLE "market_sync_status" (
	"exchange" text PRIMARY KEY NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"last_ok_at" timestamp with time zone,
	"last_error_at" timestamp with time zone,
	"last_error" text,
	"listings" integer DEFAULT 0 NOT NULL,
	"closes_added" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer
);
--> statement-breakpoint
CREATE TABLE "sandbox_trading_orders" (
	"exchange" text NOT NULL,
	"client_order_id" text NOT NULL,
	"exchange_order_id" text NOT NULL,
	"pair" text NOT NULL,
	"side" text NOT NULL,
	"status" text NOT NULL,
	"quantity" numeric NOT NULL,
	"quote_amount" numeric NOT NULL,
	"fee_usdt" numeric NOT NULL,
	"average_price" numeric NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_trading_orders_exchange_client_order_id_pk" PRIMARY KEY("exchange","client_order_id")
);
--> statement-breakpoint
ALTER TABLE "exchange_listings" ADD CONSTRAINT "exchange_listings_symbol_crypto_assets_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."crypto_assets"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_daily_closes" ADD CONSTRAINT "crypto_daily_closes_symbol_crypto_assets_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."crypto_assets"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_listings_pair_idx" ON "exchange_listings" USING btree ("exchange","pair");
