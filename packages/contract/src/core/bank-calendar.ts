/**
 * The one bank calendar of the portal (SPEC §9; decision 020): Iran's bank cycles (Paya) and working
 * days, shared by withdrawals (paid out at the next bank cycle) and deposits by ID (a remainder over the
 * daily cap, or a transfer with a wrong ID, goes back at a bank cycle).
 *
 * - Time: Tehran wall clock, a fixed UTC+03:30 (Iran has kept no daylight saving time since 2022).
 * - A working day is neither a Friday (the banks' weekly day off) nor an official Iranian holiday.
 * - Holidays are computed, not kept per year: the solar ones by the Persian (Solar Hijri) calendar,
 *   the lunar ones by the Islamic calendar, both through `Intl.DateTimeFormat` (ICU).
 *
 * Caveat: the lunar holidays use ICU's Umm al-Qura calendar (`islamic-umalqura`, Saudi Arabia's
 * tabulated calendar). Iran fixes its lunar months by moon sighting, so its official lunar date can
 * differ from Umm al-Qura by a day (rarely two); the rule is therefore a computed default. An
 * operator-maintained override list (dates added or removed) is future work.
 */

/** SPEC §9: the bank cycles (Paya), Tehran wall-clock time. */
export const BANK_CYCLES_TEHRAN = ['03:45', '10:45', '13:45', '18:45'] as const;

/** Tehran is UTC+03:30 all year (no daylight saving time since 2022). */
export const TEHRAN_OFFSET_MS = (3 * 60 + 30) * 60_000;
const DAY_MS = 86_400_000;

/** The banks' weekly day off in Iran: Friday (`Date#getUTCDay` of the Tehran wall clock). */
export const NON_WORKING_WEEKDAY = 5;

/**
 * The official solar holidays, by the Persian calendar: [month, day, name]. (30 Esfand, in a leap
 * year, is not a holiday: the oil nationalization day is 29 Esfand.)
 */
export const IRANIAN_SOLAR_HOLIDAYS = [
  [1, 1, 'Nowruz'],
  [1, 2, 'Nowruz'],
  [1, 3, 'Nowruz'],
  [1, 4, 'Nowruz'],
  [1, 12, 'Islamic Republic Day'],
  [1, 13, 'Nature Day (Sizdah Bedar)'],
  [3, 14, 'Death of Imam Khomeini'],
  [3, 15, 'Uprising of 15 Khordad'],
  [11, 22, 'Victory of the Islamic Revolution'],
  [12, 29, 'Nationalization of the oil industry'],
] as const satisfies readonly (readonly [number, number, string])[];

/**
 * The official lunar holidays, by the Islamic calendar: [month, day, name]; day `'last'` is the last
 * day of the month (29 or 30).
 */
export const IRANIAN_LUNAR_HOLIDAYS = [
  [1, 9, 'Tasua'],
  [1, 10, 'Ashura'],
  [2, 20, 'Arbaeen'],
  [2, 28, 'Demise of the Prophet and martyrdom of Imam Hasan'],
  [2, 'last', 'Martyrdom of Imam Reza'],
  [3, 8, 'Martyrdom of Imam Hasan Askari'],
  [3, 17, 'Birth of the Prophet and of Imam Sadiq'],
  [6, 3, 'Martyrdom of Fatimah'],
  [7, 13, 'Birth of Imam Ali'],
  [7, 27, 'Mabath'],
  [8, 15, 'Birth of Imam Mahdi'],
  [9, 21, 'Martyrdom of Imam Ali'],
  [10, 1, 'Eid al-Fitr'],
  [10, 2, 'Eid al-Fitr'],
  [10, 25, 'Martyrdom of Imam Sadiq'],
  [12, 10, 'Eid al-Adha'],
  [12, 18, 'Eid al-Ghadir'],
] as const satisfies readonly (readonly [number, number | 'last', string])[];

// Made on first use (the web bundle imports this module for `BANK_CYCLES_TEHRAN` alone).
let formats: { persian: Intl.DateTimeFormat; islamic: Intl.DateTimeFormat } | undefined;
function calendarFormats() {
  if (formats) return formats;
  const options = { timeZone: 'Asia/Tehran', year: 'numeric', month: 'numeric', day: 'numeric' } as const;
  const persian = new Intl.DateTimeFormat('en-u-ca-persian', options);
  const islamic = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura', options);
  // Without full ICU, Intl falls back to the Gregorian calendar silently: refuse rather than guess.
  if (persian.resolvedOptions().calendar !== 'persian') throw new Error('no Persian calendar in Intl');
  if (islamic.resolvedOptions().calendar !== 'islamic-umalqura') throw new Error('no Umm al-Qura calendar in Intl');
  formats = { persian, islamic };
  return formats;
}

/** Year, month (1-based) and day of a date in a calendar. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

function partsOf(format: Intl.DateTimeFormat, at: Date): CalendarDate {
  const out: Partial<Record<'year' | 'month' | 'day', number>> = {};
  for (const part of format.formatToParts(at)) {
    if (part.type === 'year' || part.type === 'month' || part.type === 'day') {
      out[part.type] = Number.parseInt(part.value, 10);
    }
  }
  if (out.year === undefined || out.month === undefined || out.day === undefined) {
    throw new Error('the calendar gave no year, month or day');
  }
  return { year: out.year, month: out.month, day: out.day };
}

/** The UTC midnight whose date is the Tehran wall-clock date of `at` (the Tehran day's number × a day). */
function tehranDayStartUtc(at: number): number {
  return Math.floor((at + TEHRAN_OFFSET_MS) / DAY_MS) * DAY_MS;
}

/**
 * The instant to show the calendars for a Tehran day: its noon, far from midnight, so the answer is that
 * day's even where the time zone data keep Iran's former daylight saving time.
 */
const noonOf = (dayStartUtc: number) => new Date(dayStartUtc + DAY_MS / 2 - TEHRAN_OFFSET_MS);

/** The Persian (Solar Hijri) date of `at` in Tehran. */
export function persianDateOf(at: Date): CalendarDate {
  return partsOf(calendarFormats().persian, noonOf(tehranDayStartUtc(at.getTime())));
}

/** The Islamic (Umm al-Qura) date of `at` in Tehran. */
export function islamicDateOf(at: Date): CalendarDate {
  return partsOf(calendarFormats().islamic, noonOf(tehranDayStartUtc(at.getTime())));
}

// The holiday of a Tehran day, memoized (ICU formatting is slow next to the arithmetic around it).
const holidayCache = new Map<number, string | null>();

function holidayOfDay(dayStartUtc: number): string | null {
  const cached = holidayCache.get(dayStartUtc);
  if (cached !== undefined) return cached;
  const solar = partsOf(calendarFormats().persian, noonOf(dayStartUtc));
  const lunar = partsOf(calendarFormats().islamic, noonOf(dayStartUtc));
  let name: string | null = null;
  for (const [month, day, holiday] of IRANIAN_SOLAR_HOLIDAYS) {
    if (solar.month === month && solar.day === day) name = holiday;
  }
  for (const [month, day, holiday] of IRANIAN_LUNAR_HOLIDAYS) {
    if (name !== null || lunar.month !== month) continue;
    const matches =
      day === 'last'
        ? partsOf(calendarFormats().islamic, noonOf(dayStartUtc + DAY_MS)).month !== month
        : lunar.day === day;
    if (matches) name = holiday;
  }
  if (holidayCache.size >= 10_000) holidayCache.clear();
  holidayCache.set(dayStartUtc, name);
  return name;
}

/** The official Iranian holiday `at` falls on (Tehran date), by name, or null. Fridays are not counted. */
export function iranianHolidayOf(at: Date): string | null {
  return holidayOfDay(tehranDayStartUtc(at.getTime()));
}

/** Whether `at` falls on an official Iranian holiday (Tehran date; a computed default, see above). */
export function isIranianHoliday(at: Date): boolean {
  return iranianHolidayOf(at) !== null;
}

function isWorkingDay(dayStartUtc: number): boolean {
  return new Date(dayStartUtc).getUTCDay() !== NON_WORKING_WEEKDAY && holidayOfDay(dayStartUtc) === null;
}

/** Whether `at` falls on a working day in Tehran: not a Friday and not an official holiday. */
export function isTehranWorkingDay(at: Date): boolean {
  return isWorkingDay(tehranDayStartUtc(at.getTime()));
}

/**
 * How far ahead a working day is searched. The longest run of days off is around Nowruz: 29 Esfand,
 * 1–4 Farvardin, a Friday and lunar holidays next to them come to about a week; this is ample.
 */
const SEARCH_DAYS = 30;

/**
 * The first bank cycle (03:45, 10:45, 13:45, 18:45 Tehran) strictly after `now` on a working day: a
 * Friday's or a holiday's cycles are skipped (Thursday 18:50 → Saturday 03:45).
 */
export function nextBankCycle(now: Date): Date {
  const first = tehranDayStartUtc(now.getTime());
  for (let day = 0; day < SEARCH_DAYS; day++) {
    const dayStartUtc = first + day * DAY_MS;
    if (!isWorkingDay(dayStartUtc)) continue;
    for (const hm of BANK_CYCLES_TEHRAN) {
      const [h, m] = hm.split(':').map(Number) as [number, number];
      const at = dayStartUtc + (h * 60 + m) * 60_000 - TEHRAN_OFFSET_MS;
      if (at > now.getTime()) return new Date(at);
    }
  }
  throw new Error(`no working bank cycle within ${SEARCH_DAYS} days`);
}

/** `now` moved on by `days` working days (24-hour steps; a step landing on a Friday or holiday not counted). */
export function addWorkingDays(now: Date, days: number): Date {
  let at = now.getTime();
  for (let left = days; left > 0;) {
    at += DAY_MS;
    if (isTehranWorkingDay(new Date(at))) left--;
  }
  return new Date(at);
}
