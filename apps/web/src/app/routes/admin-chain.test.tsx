import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Proposal } from '@portal/contract/admin/proposals';
import { CHAIN_SETTINGS, chainDeskFixture } from '@/test/chain-fixture';
import { approvableProposal, asDesktop, proposalApprovePath, renderConsole } from '@/test/console-render';
import { navProposalFixture, OPERATOR_A, OPERATOR_B } from '@/test/proposal-fixture';
import { jsonResponse } from '@/test/render';

/*
 * The chain desk (issue 18) through the real routes: its place in the console's menu and its permission,
 * and a `chain_settings` proposal on the proposals desk: the settings now → as proposed, the changed
 * ones marked, approved by a second operator, the result linking back to the chain desk.
 */

configure({ asyncUtilTimeout: 5000 });

const approvePath = proposalApprovePath;

describe('the chain desk in the console', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is in the menu of a role that reads tether, marked as the current section', async () => {
    renderConsole(
      '/admin/chain',
      (path) =>
        path === '/api/admin/chain'
          ? jsonResponse(chainDeskFixture())
          : path === '/api/admin/proposals'
            ? jsonResponse({ items: [], total: 0, page: 1, pageSize: 20 })
            : undefined,
      OPERATOR_A,
      'operator',
    );
    expect(await screen.findByRole('region', { name: 'TRC20 (ترون)' }, { timeout: 10_000 })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'باز کردن منوی پنل' }));
    const nav = await screen.findByRole('navigation', { name: 'بخش‌های پنل اپراتور' });
    const link = within(nav).getByRole('link', { name: 'تتر روی شبکه' });
    expect(link.getAttribute('href')).toBe('/admin/chain');
    expect(link.getAttribute('aria-current')).toBe('page');
  });

  it('refuses the desk to a role without tether.read', async () => {
    const { sent } = renderConsole('/admin/chain/withdrawals', () => undefined, OPERATOR_A, 'operator', ['users.read']);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'دسترسی به پنل اپراتور ندارید' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(sent('GET', '/api/admin/chain/withdrawals')).toHaveLength(0);
  });

  it('shows a chain settings proposal before → after, the changed fields marked; approving links to the chain desk', async () => {
    asDesktop();
    const after = {
      ...CHAIN_SETTINGS,
      networks: {
        ...CHAIN_SETTINGS.networks,
        ERC20: { ...CHAIN_SETTINGS.networks.ERC20, confirmations: 30, withdrawalFee: '4.5' },
      },
      secondReviewAbove: '8000',
    };
    const chain = (over: Partial<Proposal> = {}): Proposal =>
      navProposalFixture({
        kind: 'chain_settings',
        fund: null,
        payload: { kind: 'chain_settings', ...after },
        effect: { kind: 'chain_settings', before: CHAIN_SETTINGS, after, pendingWithdrawals: 3 },
        ...over,
      });
    const proposal = approvableProposal(chain);
    const { sent } = renderConsole(
      '/admin/proposals',
      (path, init) =>
        path === '/api/admin/proposals'
          ? jsonResponse({ items: [chain()], total: 1, page: 1, pageSize: 20 })
          : proposal(path, init),
      OPERATOR_B,
    );
    const list = await screen.findByRole('table', { name: 'پیشنهادها' }, { timeout: 10_000 });
    const [row] = within(list).getAllByTestId('proposal-row');
    expect(within(row!).getByText('تنظیمات تتر روی شبکه')).toBeTruthy();
    expect(within(row!).getByText('۳ مورد تغییر')).toBeTruthy();
    expect(
      within(row!).getByText('سقف روزانه ۲۰٬۰۰۰ تتر، بررسی بیش از ۱٬۰۰۰ تتر، دو اپراتور بیش از ۸٬۰۰۰ تتر'),
    ).toBeTruthy();

    await userEvent.click(within(row!).getByRole('link'));
    const change = await screen.findByRole('table', { name: 'تنظیمات تتر روی شبکه: اکنون و پیشنهادی' });
    const groups = within(change).getAllByRole('rowgroup');
    const eth = groups.find((g) => g.getAttribute('data-group') === 'ERC20')!;
    expect(within(eth).getByRole('row', { name: 'ERC20 (اتریوم)' })).toBeTruthy();
    const confirmations = within(eth).getByRole('row', { name: /تعداد تأیید لازم/ });
    expect(within(confirmations).getByText('۱۲ بلوک')).toBeTruthy();
    expect(within(confirmations).getByText('۳۰ بلوک')).toBeTruthy();
    expect(confirmations.getAttribute('data-changed')).toBe('true');
    const fee = within(eth).getByRole('row', { name: /کارمزد برداشت/ });
    expect(within(fee).getByText('۵ تتر')).toBeTruthy();
    expect(within(fee).getByText('۴٫۵ تتر')).toBeTruthy();
    expect(fee.getAttribute('data-changed')).toBe('true');
    expect(
      within(eth)
        .getByRole('row', { name: /حداقل واریز/ })
        .getAttribute('data-changed'),
    ).toBeNull();
    const tron = groups.find((g) => g.getAttribute('data-group') === 'TRC20')!;
    expect(
      within(tron)
        .queryAllByRole('row')
        .filter((r) => r.getAttribute('data-changed')),
    ).toHaveLength(0);
    const limits = groups.find((g) => g.getAttribute('data-group') === 'limits')!;
    const second = within(limits).getByRole('row', { name: /حد تأیید دو اپراتور/ });
    expect(within(second).getByText('۵٬۰۰۰ تتر')).toBeTruthy();
    expect(within(second).getByText('۸٬۰۰۰ تتر')).toBeTruthy();
    expect(second.getAttribute('data-changed')).toBe('true');
    expect(change.querySelectorAll('[data-changed="true"]')).toHaveLength(3);
    expect(screen.getByTestId('proposal-chain-pending').textContent).toMatch(/^برداشت‌های در انتظار بررسی اکنون: ۳؛/);

    await userEvent.click(screen.getByRole('button', { name: 'تأیید' }));
    const dialog = await screen.findByRole('dialog', { name: 'این پیشنهاد تأیید و اجرا شود؟' });
    expect(within(dialog).getByText(/تنظیمات تازهٔ تتر روی شبکه \(سقف روزانه ۲۰٬۰۰۰ تتر، /)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'بله، تأیید و اجرا شود' }));
    await waitFor(() => expect(sent('POST', approvePath)).toHaveLength(1));
    expect(await screen.findByText('تأیید و اجرا شد', {}, { timeout: 10_000 })).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'تتر روی شبکه' });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/admin/chain', '/admin/chain']);
  });
});
