import type { Calendar } from '@portal/contract/core/constants';
import { useTranslation } from 'react-i18next';
import { CALENDAR_STORAGE_KEY, defaultCalendarFor, isCalendar } from './format';
import { storedPreference } from './storage';

export type ThemeMode = 'dark' | 'light';
export const THEME_STORAGE_KEY = 'themeMode';

/** Dark by default (SPEC §1); light when the user chose it. */
export const themeModePreference = storedPreference<ThemeMode>(THEME_STORAGE_KEY, (raw) =>
  raw === 'light' ? 'light' : 'dark',
);

/** The calendar the user picked; `''` while they have not (then the language decides, see format.ts). */
export const calendarPreference = storedPreference<Calendar | ''>(CALENDAR_STORAGE_KEY, (raw) =>
  isCalendar(raw) ? raw : '',
);

/** The calendar in force: the user's choice, or the language's default. */
export function useCalendar(): Calendar {
  const { i18n } = useTranslation();
  const chosen = calendarPreference.use();
  return chosen || defaultCalendarFor(i18n.language);
}
