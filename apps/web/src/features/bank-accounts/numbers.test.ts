import { describe, expect, it } from 'vitest';
import { cleanCardNumber, cleanSheba } from '@portal/contract/bank/bank-accounts';
import { normalizeDigits } from '@portal/contract/core/digits';
import { canNameBank, cardNumberInput, groupedCardMask, shebaInput } from './numbers';

describe('the bank account fields', () => {
  it('keep a card number’s digits, at most 16, grouped by four', () => {
    expect(cardNumberInput('')).toBe('');
    expect(cardNumberInput('6037')).toBe('6037');
    expect(cardNumberInput('60379')).toBe('6037 9');
    expect(cardNumberInput('6037-9975 9999.0016xx77')).toBe('6037 9975 9999 0016');
    expect(cleanCardNumber(cardNumberInput(normalizeDigits('۶۰۳۷۹۹۷۵۹۹۹۹۰۰۱۶')))).toBe('6037997599990016');
  });

  it('keep IR and at most 24 digits of a sheba, putting IR in front of digits typed alone', () => {
    expect(shebaInput('')).toBe('');
    expect(shebaInput('i')).toBe('I');
    expect(shebaInput('ir')).toBe('IR');
    expect(shebaInput('0')).toBe('IR0');
    expect(shebaInput('IR06')).toBe('IR06');
    expect(shebaInput('IR060')).toBe('IR06 0');
    const sheba = 'IR062960000000100324200001';
    expect(shebaInput('ir06-2960-0000-0010-0324-2000-01')).toBe('IR06 2960 0000 0010 0324 2000 01');
    expect(shebaInput(sheba.slice(2))).toBe('IR06 2960 0000 0010 0324 2000 01');
    expect(shebaInput(`${sheba}999`)).toBe('IR06 2960 0000 0010 0324 2000 01');
    expect(cleanSheba(shebaInput(sheba))).toBe(sheba);
  });

  it('group a card’s mask like the card', () => {
    expect(groupedCardMask('603799******1234')).toBe('6037 99** **** 1234');
  });

  it('know the bank once six digits of a card or IR and five digits of a sheba are typed', () => {
    expect(canNameBank('card', '6037 9')).toBe(false);
    expect(canNameBank('card', '6037 99')).toBe(true);
    expect(canNameBank('sheba', 'IR06 01')).toBe(false);
    expect(canNameBank('sheba', 'IR06 017')).toBe(true);
  });
});
