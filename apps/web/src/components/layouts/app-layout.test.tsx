import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '@/test/render';
import { accountFixture } from '@/test/account-fixture';
import { AppLayout } from './app-layout';

/** A screen as wide as a desktop (md and up) or a phone. */
function screenWidth(desktop: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: desktop && query.includes('min-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(jsonResponse(accountFixture()))));
});
afterEach(() => vi.unstubAllGlobals());

const named = { firstName: 'سارا', lastName: 'رضایی', mobile: '+989121234567' };
const unnamed = { firstName: null, lastName: null, mobile: '+989121234567' };

describe('the header names who is signed in', () => {
  it('shows the first and last name on a desktop when they are known, not the number', () => {
    screenWidth(true);
    renderWithApp(<AppLayout user={named}>page</AppLayout>);
    const button = screen.getByRole('button', { name: 'منوی حساب کاربری: سارا رضایی' });
    expect(button.textContent).toBe('سارا رضایی');
    expect(screen.queryByText('۰۹۱۲۱۲۳۴۵۶۷')).toBeNull();
  });

  it('shows the number, in Persian digits, until the name is known', () => {
    screenWidth(true);
    renderWithApp(<AppLayout user={unnamed}>page</AppLayout>);
    expect(screen.getByRole('button', { name: /منوی حساب کاربری/ }).textContent).toBe('۰۹۱۲۱۲۳۴۵۶۷');
  });

  it('names the user as the first line of the menu on a phone', async () => {
    screenWidth(false);
    renderWithApp(<AppLayout user={named}>page</AppLayout>);
    await userEvent.click(screen.getByRole('button', { name: 'منوی حساب کاربری' }));
    const menu = await screen.findByRole('menu');
    expect(menu.querySelector('li')?.textContent).toBe('سارا رضایی');
  });
});
