import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
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

describe('DigitTextField', () => {
  it('turns Persian digits into Latin digits as they are typed', async () => {
    const onValue = vi.fn();
    render(<Controlled onValue={onValue} />);
    const input = screen.getByLabelText('شماره');
    await userEvent.type(input, '۰۹۱۲');
    expect(input).toHaveProperty('value', '0912');
    expect(onValue).toHaveBeenLastCalledWith('0912');
  });

  it('turns Arabic-Indic digits into Latin digits and keeps other characters', async () => {
    render(<Controlled />);
    const input = screen.getByLabelText('شماره');
    await userEvent.type(input, '+٩٨ ٩١٢');
    expect(input).toHaveProperty('value', '+98 912');
  });

  it('normalises pasted text', async () => {
    render(<Controlled />);
    const input = screen.getByLabelText('شماره');
    await userEvent.click(input);
    await userEvent.paste('۰۹۱۲۳۴۵۶۷۸۹');
    expect(input).toHaveProperty('value', '09123456789');
  });

  it('keeps the caret where the user typed', async () => {
    render(<Controlled />);
    const input = screen.getByLabelText<HTMLInputElement>('شماره');
    await userEvent.type(input, '0912');
    input.setSelectionRange(2, 2);
    await userEvent.type(input, '۵', { initialSelectionStart: 2, initialSelectionEnd: 2 });
    expect(input.value).toBe('09512');
    expect(input.selectionStart).toBe(3);
  });

  it('applies a per-field check after normalising (only digits, at most 6)', async () => {
    render(<Controlled sanitize={onlyDigits(6)} />);
    const input = screen.getByLabelText('شماره');
    await userEvent.type(input, '۱۲a۳-۴۵۶۷۸');
    expect(input).toHaveProperty('value', '123456');
  });
});
