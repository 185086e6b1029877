import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import arLegal from '@/locales/ar/legal.json';
import enLegal from '@/locales/en/legal.json';
import faLegal from '@/locales/fa/legal.json';
import { renderWithApp } from '@/test/render';
import TermsScreen, { TERMS_SECTIONS } from './terms-screen';

beforeAll(() => {
  for (const [lng, texts] of [
    ['fa', faLegal],
    ['ar', arLegal],
    ['en', enLegal],
  ] as const) {
    if (!i18next.hasResourceBundle(lng, 'legal')) i18next.addResourceBundle(lng, 'legal', texts);
  }
});

describe('/terms', () => {
  it('shows the terms and conditions, each section with its title, and a way back', () => {
    renderWithApp(<TermsScreen />, { route: '/terms' });
    const terms = screen.getByRole('article', { name: 'قوانین و مقررات استفاده از خدمات' });
    expect(within(terms).getByRole('heading', { level: 1 }).textContent).toBe('قوانین و مقررات استفاده از خدمات');
    const sections = within(terms).getAllByRole('heading', { level: 2 });
    expect(sections).toHaveLength(TERMS_SECTIONS.length);
    expect(sections[0]!.textContent).toBe('حساب کاربری');
    expect(terms.textContent).toContain('باید به نام خودتان باشد');
    expect(within(terms).getByRole('link', { name: 'بازگشت' }).getAttribute('href')).toBe('/');
  });

  it('has every section in the three languages', () => {
    for (const texts of [faLegal, arLegal, enLegal]) {
      for (const section of TERMS_SECTIONS) {
        expect(texts.terms.sections[section].title).not.toBe('');
        expect(texts.terms.sections[section].text).not.toBe('');
      }
    }
  });
});
