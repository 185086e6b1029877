CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"card_number_sealed" text,
	"card_number_hash" text,
	"card_number_masked" text,
	"sheba" text,
	"added_by" text NOT NULL,
	"verified_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "bank_accounts_has_number" CHECK ("bank_accounts"."card_number_hash" IS NOT NULL OR "bank_accounts"."sheba" IS NOT NULL),
	CONSTRAINT "bank_accounts_card_complete" CHECK (("bank_accounts"."card_number_hash" IS NULL) = ("bank_accounts"."card_number_sealed" IS NULL) AND ("bank_accounts"."card_number_hash" IS NULL) = ("bank_accounts"."card_number_masked" IS NULL)),
	CONSTRAINT "bank_accounts_sheba_format" CHECK ("bank_accounts"."sheba" IS NULL OR "bank_accounts"."sheba" ~ '^IR[0-9]{24}$')
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_accounts_user_idx" ON "bank_accounts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_user_card_uq" ON "bank_accounts" USING btree ("user_id","card_number_hash") WHERE deleted_at IS NULL AND card_number_hash IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_user_sheba_uq" ON "bank_accounts" USING btree ("user_id","sheba") WHERE deleted_at IS NULL AND sheba IS NOT NULL;--> statement-breakpoint
-- Withdrawals refer to bank accounts: a row is never deleted, its owner and numbers never change once
-- set (a card may be added to an account first added by its sheba), and removing it (deleted_at) is final.
CREATE OR REPLACE FUNCTION bank_accounts_guard() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'bank_accounts rows are removed by setting deleted_at';
  END IF;
  IF OLD.deleted_at IS NOT NULL
     OR NEW.id IS DISTINCT FROM OLD.id
     OR NEW.user_id IS DISTINCT FROM OLD.user_id
     OR NEW.added_by IS DISTINCT FROM OLD.added_by
     OR NEW.created_at IS DISTINCT FROM OLD.created_at
     OR (OLD.sheba IS NOT NULL AND NEW.sheba IS DISTINCT FROM OLD.sheba)
     OR (OLD.card_number_hash IS NOT NULL AND (
           NEW.card_number_hash IS DISTINCT FROM OLD.card_number_hash
           OR NEW.card_number_sealed IS DISTINCT FROM OLD.card_number_sealed
           OR NEW.card_number_masked IS DISTINCT FROM OLD.card_number_masked)) THEN
    RAISE EXCEPTION 'bank_accounts: only deleted_at may be set, and a missing card or sheba filled in';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER bank_accounts_guard BEFORE UPDATE OR DELETE ON "bank_accounts"
  FOR EACH ROW EXECUTE FUNCTION bank_accounts_guard();
