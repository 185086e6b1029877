import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { FundDetail } from '@portal/contract/funds/catalogue';
import { useTranslation } from 'react-i18next';
import { Section } from '@/components/layouts/page-shell';
import { formatDigits } from '@/lib/format';
import { useLanguage } from '@/hooks/use-language';
import { safeUrl } from '@/lib/safe-url';
import { isolate, useDayFormat, useLocalized } from '../fund-format';

/** The fund's licences (SPEC §2): title, number, issuer and date, in the user's language and calendar. */
export function LicencesSection({ fund }: { fund: FundDetail }) {
  const { t } = useTranslation('funds');
  const { lng } = useLanguage();
  const day = useDayFormat();
  const localized = useLocalized();
  return (
    <Section id="fund-licences" title={t('licences.title')}>
      {fund.licences.length === 0 ? (
        <Typography color="text.secondary">{t('licences.empty')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {fund.licences.map((l) => (
            <Box component="li" key={`${l.number}-${l.issuedOn}`} sx={{ display: 'flex', gap: 1.5 }}>
              <VerifiedOutlined color="primary" aria-hidden="true" sx={{ mt: 0.25 }} />
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700 }}>{localized(l.title)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('licences.detail', {
                    issuer: localized(l.issuer),
                    number: isolate(/^\d+$/.test(l.number) ? formatDigits(l.number, lng) : l.number),
                    date: day(l.issuedOn),
                  })}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
}

/** The fund's documents (SPEC §2): links that open in a new tab. */
export function DocumentsSection({ fund }: { fund: FundDetail }) {
  const { t } = useTranslation('funds');
  const localized = useLocalized();
  const docs = fund.documents.flatMap((d) => {
    const href = safeUrl(d.url);
    return href ? [{ title: localized(d.title), href }] : [];
  });
  return (
    <Section id="fund-documents" title={t('documents.title')}>
      {docs.length === 0 ? (
        <Typography color="text.secondary">{t('documents.empty')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {docs.map((d) => (
            <Box component="li" key={d.href} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <DescriptionOutlined color="action" aria-hidden="true" />
              <Link
                href={d.href}
                target="_blank"
                rel="noopener noreferrer"
                sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
              >
                {d.title}
                <OpenInNew
                  titleAccess={t('documents.newTab')}
                  sx={{ fontSize: 14, mx: 0.5, verticalAlign: 'middle' }}
                />
              </Link>
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
}
