import { describe, expect, it } from 'vitest';
import arFundOrders from '@/locales/ar/fund-orders.json';
import arFunds from '@/locales/ar/funds.json';
import enFundOrders from '@/locales/en/fund-orders.json';
import enFunds from '@/locales/en/funds.json';
import faFundOrders from '@/locales/fa/fund-orders.json';
import faFunds from '@/locales/fa/funds.json';

type Tree = { [key: string]: string | Tree };
const texts = (tree: Tree): string[] =>
  Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : texts(v)));

/**
 * SPEC §2 calls it "Fund redeem" (`/fund/redeem/{id}`): the fund page and the redeem page use that one
 * word, in every language — never "sell" beside "redeem".
 */
const LANGUAGES = [
  { lng: 'fa', funds: faFunds, orders: faFundOrders, redeem: 'ابطال', sell: /فروش|بفروش|می‌فروش|نفروخته/ },
  { lng: 'en', funds: enFunds, orders: enFundOrders, redeem: 'Redeem', sell: /\bsell|\bsold\b|\bsale/i },
  { lng: 'ar', funds: arFunds, orders: arFundOrders, redeem: 'استرداد', sell: /بيع|تبع|باع/ },
] as const;

describe('one word for redeeming fund units', () => {
  it.each(LANGUAGES)('the fund page says what the redeem page says ($lng)', ({ funds, orders, redeem, sell }) => {
    expect(funds.actions.redeem).toContain(redeem);
    expect(texts(orders.redeem as Tree).join(' ').toLowerCase()).toContain(redeem.toLowerCase());
    const selling = texts(funds as Tree).filter((text) => sell.test(text));
    expect(selling).toEqual([]);
  });
});
