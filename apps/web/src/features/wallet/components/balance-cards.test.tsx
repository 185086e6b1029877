import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { WALLET_IDS, walletsFixture } from '../test-fixtures';
import { BalanceCards } from './balance-cards';

const cardOf = (name: RegExp) =>
  screen.getAllByRole('listitem').find((li) => within(li).queryByRole('link', { name }))!;

// Issue 19: every wallet has its deposit and withdrawal; none leads to a page the portal does not have.
describe('the wallet cards’ deposit and withdrawal', { timeout: 30_000 }, () => {
  it('toman: the deposit page (back to this wallet) and the withdrawal to a bank account', async () => {
    renderWithApp(<BalanceCards wallets={walletsFixture().items} chosenId={undefined} />, { route: '/wallet' });
    await screen.findAllByRole('listitem', {}, { timeout: 5000 });
    const toman = cardOf(/^تومان:/);
    const deposit = within(toman).getByRole('link', { name: 'واریز به کیف پول تومان' });
    expect(deposit.textContent).toBe('واریز');
    expect(deposit.getAttribute('href')).toBe(`/wallet/deposit?walletId=${WALLET_IDS.IRT}`);
    const withdraw = within(toman).getByRole('link', { name: 'برداشت از کیف پول تومان' });
    expect(withdraw.textContent).toBe('برداشت');
    expect(withdraw.getAttribute('href')).toBe('/wallet/withdraw');
  });

  it('tether: the deposit and the withdrawal on chain', async () => {
    renderWithApp(<BalanceCards wallets={walletsFixture().items} chosenId={undefined} />, { route: '/wallet' });
    await screen.findAllByRole('listitem', {}, { timeout: 5000 });
    const tether = cardOf(/^تتر:/);
    expect(within(tether).getByRole('link', { name: 'واریز تتر' }).getAttribute('href')).toBe('/wallet/deposit/usdt');
    expect(within(tether).getByRole('link', { name: 'برداشت تتر' }).getAttribute('href')).toBe('/wallet/withdraw/usdt');
  });

  it('rial and dollar: no page to go to, so the buttons are disabled and say why', async () => {
    renderWithApp(<BalanceCards wallets={walletsFixture().items} chosenId={undefined} />, { route: '/wallet' });
    await screen.findAllByRole('listitem', {}, { timeout: 5000 });
    for (const [name, reason] of [
      [/^ریال:/, 'واریز و برداشت ریالی ندارد؛ از کیف پول تومان استفاده کنید یا ریال را به تتر تبدیل کنید.'],
      [/^دلار:/, 'واریز و برداشت دلاری در پرتال انجام نمی‌شود.'],
    ] as const) {
      const card = cardOf(name);
      expect(within(card).getAllByRole('link')).toHaveLength(1); // only the card itself (its history)
      for (const label of ['واریز', 'برداشت']) {
        const button = within(card).getByRole('button', { name: label });
        expect(button.hasAttribute('disabled')).toBe(true);
        expect(button.getAttribute('aria-describedby')).toBeTruthy();
        expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(reason);
      }
    }
  });
});
