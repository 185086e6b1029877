import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatAmount } from '@/lib/format-money';
import { formatDigits } from '@/lib/format';
import { renderWithApp } from '@/test/render';
import { DigitTextField, onlyDigits } from './digit-text-field';

function Controlled({ sanitize, onValue }: { sanitize?: (s: string) => string; onValue?: (v: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <DigitTextField
      label="شماره"
      value={value}
      sanitize={sanitize}
      onChange={(e) => {
        setValue(e.target.value);
        onValue?.(e.target.value);
      }}
    />
  );
}

afterEach(async () => {
  await i18next.changeLanguage('fa');
});

describe('DigitTextField', () => {
  it('takes Persian digits as they are typed: shows them in Persian, hands Latin digits to the form', async () => {
    const onValue = vi.fn();
    render(<Controlled onValue={onValue} />);
    const input = screen.getByLabelText('شماره');
    await userEvent.type(input, '۰۹۱۲');
    expect(input).toHaveProperty('value', '۰۹۱۲');
    expect(onValue).toHaveBeenLastCalledWith('0912');
  });

  it('shows Latin digits typed in a Persian page in Persian too, as amounts are (one rule)', async () => {
    const onValue = vi.fn();
    render(<Controlled onValue={onValue} />);
    const input = screen.getByLabelText('شماره');
    await userEvent.type(input, '0912');
    expect(input).toHaveProperty('value', '۰۹۱۲');
    expect(onValue).toHaveBeenLastCalledWith('0912');
  });

  it('takes Arabic-Indic digits and keeps other characters', async () => {
    const onValue = vi.fn();
    render(<Controlled onValue={onValue} />);
    const input = screen.getByLabelText('شماره');
    await userEvent.type(input, '+٩٨ ٩١٢');
    expect(input).toHaveProperty('value', '+۹۸ ۹۱۲');
    expect(onValue).toHaveBeenLastCalledWith('+98 912');
  });

  it('normalises pasted text', async () => {
    const onValue = vi.fn();
    render(<Controlled onValue={onValue} />);
    const input = screen.getByLabelText('شماره');
    await userEvent.click(input);
    await userEvent.paste('٠٩١٢3456789');
    expect(input).toHaveProperty('value', '۰۹۱۲۳۴۵۶۷۸۹');
    expect(onValue).toHaveBeenLastCalledWith('09123456789');
  });

  it('keeps the caret where the user typed', async () => {
    render(<Controlled />);
    const input = screen.getByLabelText<HTMLInputElement>('شماره');
    await userEvent.type(input, '0912');
    input.setSelectionRange(2, 2);
    await userEvent.type(input, '5', { initialSelectionStart: 2, initialSelectionEnd: 2 });
    expect(input.value).toBe('۰۹۵۱۲');
    expect(input.selectionStart).toBe(3);
  });

  it('applies a per-field check after normalising (only digits, at most 6)', async () => {
    const onValue = vi.fn();
    render(<Controlled sanitize={onlyDigits(6)} onValue={onValue} />);
    const input = screen.getByLabelText('شماره');
    await userEvent.type(input, '۱۲a۳-۴۵۶۷۸');
    expect(input).toHaveProperty('value', '۱۲۳۴۵۶');
    expect(onValue).toHaveBeenLastCalledWith('123456');
  });

  it.each(['fa', 'ar', 'en'])(
    'in %s shows the digits amounts are shown in, whatever digits were typed',
    async (lng) => {
      await i18next.changeLanguage(lng);
      const onValue = vi.fn();
      renderWithApp(<Controlled onValue={onValue} />);
      const input = screen.getByLabelText('شماره');
      await userEvent.type(input, '۱2٣');
      expect(onValue).toHaveBeenLastCalledWith('123');
      // The field's digits are the amounts' digits in this language.
      expect(input).toHaveProperty('value', formatDigits('123', lng));
      expect(formatAmount('123', 'IRT', lng)).toBe(formatDigits('123', lng));
    },
  );
});
