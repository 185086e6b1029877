import { useTranslation } from 'react-i18next';
import { DEFAULT_CULTURE, type Culture } from '@portal/contract/core/constants';
import { directionOf, isCulture } from '@/lib/i18n';

/** The interface language in force and its direction. */
export function useLanguage(): { lng: Culture; dir: 'rtl' | 'ltr'; change: (lng: Culture) => Promise<unknown> } {
  const { i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  const lng = isCulture(current) ? current : DEFAULT_CULTURE;
  return { lng, dir: directionOf(lng), change: (next) => i18n.changeLanguage(next) };
}
