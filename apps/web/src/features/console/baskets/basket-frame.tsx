import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { DeskFrame, FilterSelect, oneOf } from '../shell/desk-frame';

export const BASKET_SECTIONS = ['orders', 'vip', 'failed', 'universe', 'settings'] as const;
export type BasketSection = (typeof BASKET_SECTIONS)[number];

const HREF: Record<BasketSection, string> = {
  orders: paths.adminBasketOrders.getHref(),
  vip: paths.adminBasketVip.getHref(),
  failed: paths.adminBasketFailed.getHref(),
  universe: paths.adminBasketUniverse.getHref(),
  settings: paths.adminBasketSettings.getHref(),
};

/**
 * A page of the basket desk (issue 20): its title, the desk's sections as tabs that are links (each section
 * is a page with its own address and filters), then the section.
 */
export function BasketFrame({
  section,
  actions,
  children,
}: {
  section: BasketSection;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('basketDesk');
  return (
    <DeskFrame
      title={t(`sections.${section}`)}
      sections={BASKET_SECTIONS}
      section={section}
      hrefOf={(s) => HREF[s]}
      labelOf={(s) => t(`tabs.${s}`)}
      sectionsLabel={t('sectionsLabel')}
      actions={actions}
    >
      {children}
    </DeskFrame>
  );
}

export { FilterSelect, oneOf };
