import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { PASSWORD_SYMBOLS } from '@/lib/password-rules';
import { PasswordRules } from './password-rules';

/** Each rule's item, and whether it says it is met. */
function ruleStates() {
  const list = screen.getByRole('list', { name: 'رمز عبور باید این شرط‌ها را داشته باشد:' });
  return within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent?.includes('(رعایت شده)') ?? false);
}

describe('the password rules checklist (SPEC §5)', () => {
  it('lists the four rules in Persian with Persian digits, none met for an empty password', () => {
    renderWithApp(<PasswordRules password="" id="rules" />);
    expect(screen.getByText(/دست‌کم ۸ نویسه/)).toBeTruthy();
    expect(ruleStates()).toEqual([false, false, false, false]);
  });

  it.each([
    ['abcdefgh', [true, false, false, false]],
    ['abcdefg1', [true, true, false, false]],
    ['abcdef1!', [true, true, true, false]],
    ['Abcdef1!', [true, true, true, true]],
    ['Ab1!', [false, true, true, true]],
  ])('ticks what %s meets', (password, expected) => {
    renderWithApp(<PasswordRules password={password} id="rules" />);
    expect(ruleStates()).toEqual(expected);
  });

  it('keeps the list of allowed symbols left to right inside the right-to-left sentence', () => {
    renderWithApp(<PasswordRules password="" id="rules" />);
    const item = screen.getByText(/دست‌کم یکی از نمادهای/);
    const symbols = item.querySelector('bdi[dir="ltr"]');
    expect(symbols?.textContent).toBe(PASSWORD_SYMBOLS);
    // The sentence around it is whole: the list is not left inline in the right-to-left run.
    expect(item.textContent).toContain(`دست‌کم یکی از نمادهای ${PASSWORD_SYMBOLS}`);
  });
});
