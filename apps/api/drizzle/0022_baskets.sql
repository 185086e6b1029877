-- 0022_baskets (issue 20): the smart hold baskets' orders, their operations (build, rebalance, close), the
-- operators' contact notes on VIP requests and the baskets' settings (decision 045; schema:
-- src/db/schema/baskets.ts). A basket's holdings are ledger accounts `B:<order id>:<SYMBOL>` (decision 016).
CREATE TABLE "basket_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"construction" jsonb NOT NULL,
	"fee_bps" integer NOT NULL,
	"excluded_symbols" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"vip_second_review_above" bigint NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "basket_settings_one_row" CHECK ("basket_settings"."id" = 1),
	CONSTRAINT "basket_settings_fee" CHECK ("basket_settings"."fee_bps" BETWEEN 0 AND 500),
	CONSTRAINT "basket_settings_vip_bound" CHECK ("basket_settings"."vip_second_review_above" > 0)
);
--> statement-breakpoint
ALTER TABLE "basket_settings" ADD CONSTRAINT "basket_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "basket_settings" ("id", "construction", "fee_bps", "excluded_symbols", "vip_second_review_above") VALUES (1,
  '{"bands":{"10":{"volatilityTarget":0.25,"tetherShare":0.6},"25":{"volatilityTarget":0.4,"tetherShare":0.4},"35":{"volatilityTarget":0.5,"tetherShare":0.25},"60":{"volatilityTarget":0.65,"tetherShare":0.1},"100":{"volatilityTarget":0.85,"tetherShare":0}},"maxWeight":0.35,"minWeight":0.02,"minAssets":4,"maxAssets":12,"minHistoryDays":365,"meanShrinkage":0.5,"maxAnnualReturn":1}'::jsonb,
  50, '[]'::jsonb, 200000000000);
--> statement-breakpoint
CREATE TABLE "basket_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"risk" smallint NOT NULL,
	"amount" bigint NOT NULL,
	"exchanges" jsonb NOT NULL,
	"market_type" text NOT NULL,
	"vip" boolean NOT NULL,
	"risk_acknowledged" boolean DEFAULT false NOT NULL,
	"risk_result_id" uuid,
	"fee_bps" integer NOT NULL,
	"fee" bigint,
	"fail_reason" text,
	"decline_reason" text,
	"holding" text,
	"construction" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"last_error" text,
	"first_approved_by" uuid,
	"first_approved_at" timestamp with time zone,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"built_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "basket_orders_status" CHECK ("basket_orders"."status" IN ('PaymentPending', 'PendingVip', 'NotStarted', 'InProgress', 'GenerationFailed', 'Analysed', 'Cancelled')),
	CONSTRAINT "basket_orders_risk" CHECK ("basket_orders"."risk" IN (10, 25, 35, 60, 100)),
	CONSTRAINT "basket_orders_amount" CHECK ("basket_orders"."amount" BETWEEN 1000000000 AND 1000000000000000),
	CONSTRAINT "basket_orders_market_type" CHECK ("basket_orders"."market_type" IN ('all', 'margin')),
	CONSTRAINT "basket_orders_fee_bps" CHECK ("basket_orders"."fee_bps" BETWEEN 0 AND 500),
	CONSTRAINT "basket_orders_holding" CHECK (("basket_orders"."holding" IS NULL) = ("basket_orders"."status" <> 'Analysed') AND ("basket_orders"."holding" IS NULL OR "basket_orders"."holding" IN ('held', 'closed'))),
	CONSTRAINT "basket_orders_built" CHECK ("basket_orders"."status" <> 'Analysed' OR ("basket_orders"."fee" IS NOT NULL AND "basket_orders"."construction" IS NOT NULL AND "basket_orders"."built_at" IS NOT NULL)),
	CONSTRAINT "basket_orders_failed" CHECK (("basket_orders"."status" = 'GenerationFailed') = ("basket_orders"."fail_reason" IS NOT NULL)),
	CONSTRAINT "basket_orders_paid" CHECK ("basket_orders"."status" IN ('PaymentPending', 'PendingVip', 'Cancelled') OR "basket_orders"."paid_at" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "basket_orders" ADD CONSTRAINT "basket_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_orders" ADD CONSTRAINT "basket_orders_risk_result_id_risk_quiz_results_id_fk" FOREIGN KEY ("risk_result_id") REFERENCES "public"."risk_quiz_results"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_orders" ADD CONSTRAINT "basket_orders_first_approved_by_users_id_fk" FOREIGN KEY ("first_approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_orders" ADD CONSTRAINT "basket_orders_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "basket_orders_user_idx" ON "basket_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "basket_orders_status_idx" ON "basket_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE TABLE "basket_operations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"trades" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fees" bigint DEFAULT 0 NOT NULL,
	"proceeds" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"last_error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "basket_operations_kind" CHECK ("basket_operations"."kind" IN ('build', 'rebalance', 'close')),
	CONSTRAINT "basket_operations_status" CHECK ("basket_operations"."status" IN ('pending', 'completed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "basket_operations" ADD CONSTRAINT "basket_operations_order_id_basket_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."basket_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_operations" ADD CONSTRAINT "basket_operations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "basket_operations_order_idx" ON "basket_operations" USING btree ("order_id","created_at");--> statement-breakpoint
-- One build per order, and at most one operation pending per basket: a rebalance or close waits for none.
CREATE UNIQUE INDEX "basket_operations_one_build" ON "basket_operations" USING btree ("order_id") WHERE kind = 'build';--> statement-breakpoint
CREATE UNIQUE INDEX "basket_operations_one_pending" ON "basket_operations" USING btree ("order_id") WHERE status = 'pending';--> statement-breakpoint
CREATE TABLE "basket_vip_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "basket_vip_notes" ADD CONSTRAINT "basket_vip_notes_order_id_basket_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."basket_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_vip_notes" ADD CONSTRAINT "basket_vip_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "basket_vip_notes_order_idx" ON "basket_vip_notes" USING btree ("order_id","created_at");
