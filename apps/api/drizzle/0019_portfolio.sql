CREATE TABLE "portfolio_snapshots" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"value_irt" numeric(48, 0),
	"value_usdt" numeric(48, 0),
	"flow_irt" numeric(48, 0),
	"flow_usdt" numeric(48, 0),
	"holding" boolean NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_snapshots_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "portfolio_snapshots_day" CHECK ("portfolio_snapshots"."day" > '2000-01-01')
);
--> statement-breakpoint
ALTER TABLE "portfolio_snapshots" ADD CONSTRAINT "portfolio_snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A NAV published or corrected for a day already snapshotted changes what its holders held that day and
-- after: their snapshots from that day on are forgotten, and rebuilt on demand or by the job (decision 041).
CREATE OR REPLACE FUNCTION portfolio_forget_after_nav() RETURNS trigger AS $$
BEGIN
  DELETE FROM portfolio_snapshots s
  WHERE s.day >= NEW.nav_date
    AND s.user_id IN (SELECT a.user_id FROM ledger_accounts a
                      WHERE a.currency = 'U:' || NEW.fund_id::text AND a.user_id IS NOT NULL);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER fund_navs_forget_snapshots AFTER INSERT OR UPDATE OF nav ON "fund_navs"
  FOR EACH ROW EXECUTE FUNCTION portfolio_forget_after_nav();
