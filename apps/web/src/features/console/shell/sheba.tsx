import ContentCopy from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@/components/notices/notices';
import { useCopyToClipboard } from '@/hooks/use-copy-to-clipboard';
import { useFormat } from '@/hooks/use-format';
import { formatDigits } from '@/lib/format';

/** A whole Iranian sheba (IBAN): `IR` and 24 digits. */
export const SHEBA_PATTERN = /^IR\d{24}$/;

/** `IR820170000000123456781357` → `['IR82', '0170', '0000', '0012', '3456', '7813', '57']`: a sheba (IBAN) in its groups of four. */
export const shebaGroups = (sheba: string): string[] => sheba.replace(/\s+/g, '').match(/.{1,4}/g) ?? [];

/**
 * A whole sheba (IR and 24 digits), never cut short: left to right in its groups of four (a group never
 * breaks; a narrow screen wraps between groups), in the language's digits, with a button that copies it
 * as the bank takes it (no spaces, Latin digits). `copy: false` where the row is itself a link.
 */
export function ShebaNumber({ value, copy = true }: { value: string; copy?: boolean }) {
  const { t } = useTranslation('admin');
  const { lng } = useFormat();
  const copyText = useCopyToClipboard();
  const { success, errorKey } = useNotify();
  const sheba = value.replace(/\s+/g, '');
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, maxWidth: '100%' }}>
      <Box
        component="bdi"
        dir="ltr"
        title={sheba}
        sx={{ fontVariantNumeric: 'tabular-nums', wordSpacing: '0.1em', minWidth: 0, textWrap: 'balance' }}
      >
        {shebaGroups(sheba).map((group, i) => (
          <Fragment key={i}>
            {i > 0 ? ' ' : null}
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {formatDigits(group, lng)}
            </Box>
          </Fragment>
        ))}
      </Box>
      {copy ? (
        <IconButton
          size="small"
          aria-label={t('console.sheba.copy')}
          onClick={() =>
            void copyText(sheba).then((ok) =>
              ok ? success('admin:console.sheba.copied') : errorKey('translation:notices.copyFailed'),
            )
          }
        >
          <ContentCopy fontSize="inherit" />
        </IconButton>
      ) : null}
    </Box>
  );
}
