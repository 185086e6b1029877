import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '@/test/render';
import { announcementFixture, FUND_IDS, fundDetailFixture, loadFundsTexts } from '../test-fixtures';
import { AnnouncementsTab } from './announcements-tab';

const fetchMock = vi.fn<typeof fetch>();
const FIRST_PAINT = { timeout: 5000 };
beforeAll(loadFundsTexts);
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const fund = fundDetailFixture({ unreadAnnouncements: 2, agreementsPending: 1 });
const needsAgreement = announcementFixture({
  title: { fa: 'تغییر امیدنامه', ar: 'تغيير', en: 'Prospectus change' },
  body: { fa: 'کارمزد مدیریت از ماه آینده تغییر می‌کند.', ar: '…', en: '…' },
  requiresAgreement: true,
});
const report = announcementFixture({
  kind: 'report',
  title: { fa: 'گزارش ماهانه', ar: 'تقرير', en: 'Monthly report' },
  documentUrl: 'https://example.com/report.pdf',
  seenAt: '2026-03-02T08:00:00.000Z',
});
const plain = announcementFixture({ title: { fa: 'تعطیلی نوروز', ar: 'عطلة', en: 'Nowruz holiday' } });

const listUrl = (query: string) => `/api/funds/${FUND_IDS.gold}/announcements?${query}`;
const seenUrl = (id: string) => `/api/funds/${FUND_IDS.gold}/announcements/${id}/seen`;

function server(onSeen: (id: string, body: { agree: boolean }) => Response) {
  fetchMock.mockImplementation((input, init) => {
    const url = input as string;
    if (url === listUrl('page=1'))
      return Promise.resolve(jsonResponse({ items: [needsAgreement, report, plain], total: 3, page: 1, pageSize: 10 }));
    if (url === listUrl('kind=report&page=1'))
      return Promise.resolve(jsonResponse({ items: [report], total: 1, page: 1, pageSize: 10 }));
    const seen = /\/announcements\/([^/]+)\/seen$/.exec(url);
    if (seen && init?.method === 'POST')
      return Promise.resolve(onSeen(seen[1]!, JSON.parse(init.body as string) as { agree: boolean }));
    return Promise.resolve(jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404));
  });
}

describe('announcements and reports', { timeout: 30_000 }, () => {
  it('marks unread ones and the one that needs agreement', async () => {
    server(() => jsonResponse({}, 500));
    renderWithApp(<AnnouncementsTab fund={fund} page={1} />, { route: `/fund/${FUND_IDS.gold}?content=announcements` });
    const list = await screen.findByRole('list', { name: 'اطلاعیه‌ها و گزارش‌ها' }, FIRST_PAINT);
    const items = within(list).getAllByRole('button');
    expect(items.map((b) => b.textContent)).toEqual([
      expect.stringContaining('تغییر امیدنامه (خوانده‌نشده)'),
      expect.not.stringContaining('خوانده‌نشده'),
      expect.stringContaining('تعطیلی نوروز (خوانده‌نشده)'),
    ]);
    expect(items[0]!.textContent).toContain('نیاز به تأیید');
    expect(items[1]!.textContent).toContain('گزارش');
    expect(screen.getByText('۱ اطلاعیه منتظر تأیید شماست.')).toBeTruthy();
  });

  it('needs "I agree" ticked before an announcement that asks for it can be marked seen, and sends agree', async () => {
    const seenBodies: unknown[] = [];
    server((id, body) => {
      seenBodies.push({ id, ...body });
      return jsonResponse({
        ...needsAgreement,
        seenAt: '2026-03-05T09:00:00.000Z',
        agreedAt: '2026-03-05T09:00:00.000Z',
      });
    });
    renderWithApp(<AnnouncementsTab fund={fund} page={1} />, { route: '/' });
    await userEvent.click(await screen.findByRole('button', { name: /تغییر امیدنامه/ }, FIRST_PAINT));

    const dialog = await screen.findByRole('dialog', { name: 'تغییر امیدنامه' });
    expect(dialog.textContent).toContain('کارمزد مدیریت از ماه آینده تغییر می‌کند.');
    const mark = within(dialog).getByRole('button', { name: 'ثبت مشاهده' });
    expect(mark.hasAttribute('disabled')).toBe(true);
    await userEvent.click(mark, { pointerEventsCheck: 0 });
    expect(seenBodies).toEqual([]);

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'این اطلاعیه را خواندم و با آن موافقم.' }));
    expect(mark.hasAttribute('disabled')).toBe(false);
    await userEvent.click(mark);
    await waitFor(() => expect(seenBodies).toEqual([{ id: needsAgreement.id, agree: true }]));
    expect(await within(dialog).findByText(/^با این در .+ موافقت کردید\.$/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'ثبت مشاهده' })).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => u === seenUrl(needsAgreement.id))).toBe(true);
  });

  it('marks one without agreement seen at once, and translates a refusal', async () => {
    server(() => jsonResponse({ code: 'ANNOUNCEMENT_AGREEMENT_REQUIRED', message: 'agree first' }, 400));
    renderWithApp(<AnnouncementsTab fund={fund} page={1} />, { route: '/' });
    await userEvent.click(await screen.findByRole('button', { name: /تعطیلی نوروز/ }, FIRST_PAINT));
    const dialog = await screen.findByRole('dialog', { name: 'تعطیلی نوروز' });
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'ثبت مشاهده' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'برای ثبت مشاهدهٔ این اطلاعیه، گزینهٔ «موافقم» را علامت بزنید.',
    );
  });

  it('filters reports, with their document link', async () => {
    server(() => jsonResponse({}, 500));
    renderWithApp(<AnnouncementsTab fund={fund} page={1} />, { route: '/' });
    await screen.findByRole('list', { name: 'اطلاعیه‌ها و گزارش‌ها' }, FIRST_PAINT);
    await userEvent.click(screen.getByRole('button', { name: 'گزارش‌ها' }));
    await waitFor(() => expect(within(screen.getByRole('list')).getAllByRole('button')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: /گزارش ماهانه/ }));
    const dialog = await screen.findByRole('dialog', { name: 'گزارش ماهانه' });
    expect(within(dialog).getByRole('link', { name: 'دیدن گزارش' }).getAttribute('href')).toBe(
      'https://example.com/report.pdf',
    );
    expect(within(dialog).getByText(/^این را در .+ دیدید\.$/)).toBeTruthy();
  });
});
