/**
 * Four-eyes fixtures of the baskets' universe desk (issue 20, decision 045): reads only. The asset read
 * needs an asset: one is written as the universe job would.
 */
import { sql } from 'drizzle-orm';
import { get, type FourEyesFixtures } from './fixtures';

export const fixtures: FourEyesFixtures = {
  adminGetUniverse: { valid: async () => get('/admin/universe') },
  adminGetUniverseAsset: {
    valid: async ({ t }) => {
      await t.database.db.execute(
        sql`INSERT INTO crypto_assets (symbol, name, quantity_scale, demo) VALUES ('BTC', 'Bitcoin', 8, true)
            ON CONFLICT (symbol) DO NOTHING`,
      );
      return get('/admin/universe/BTC');
    },
  },
};
