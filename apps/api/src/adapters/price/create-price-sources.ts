import type { Env } from '../../env';
import { createDemoPriceSource } from './demo-price';
import { createNobitexPriceSource } from './nobitex-price';
import type { PriceSourcePort } from './price.port';
import { createWallexPriceSource } from './wallex-price';

/**
 * The sources `TETHER_PRICE_SOURCES` names, in its order. A name listed twice gives one source: the median
 * counts each exchange once.
 */
export function createPriceSources(
  env: Pick<Env, 'TETHER_PRICE_SOURCES' | 'NOBITEX_BASE_URL' | 'WALLEX_BASE_URL'>,
): PriceSourcePort[] {
  return [...new Set(env.TETHER_PRICE_SOURCES)].map((name): PriceSourcePort => {
    switch (name) {
      case 'nobitex':
        return createNobitexPriceSource({ baseUrl: env.NOBITEX_BASE_URL });
      case 'wallex':
        return createWallexPriceSource({ baseUrl: env.WALLEX_BASE_URL });
      case 'demo':
        return createDemoPriceSource();
    }
  });
}
