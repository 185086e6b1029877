import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { AdminKycDetail } from '@portal/contract/admin/admin';
import { buildPath } from '@portal/contract/core/endpoint';
import { getFile } from '@portal/contract/kyc/kyc';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { API_BASE } from '@/lib/api-client';
import { displayMobile, formatDigits } from '@/lib/format';
import { kycSubmissionQueryOptions } from './api';
import { countryName, formatDay, formatRelative } from '../shell/dates';
import { useCan } from '../shell/operator';
import { personName } from '../shell/schemas';
import { ConsolePage, Detail, Details, LoadingOrError, Panel, PanelColumns } from '../shell/console-page';
import { KycDecisionButtons } from './kyc-decision';
import { KycStatusChip } from '../shell/kyc-labels';

/** Where the browser fetches an uploaded file: same origin, the session cookie, ranges for the video. */
const fileUrl = (fileId: string) => `${API_BASE}${buildPath(getFile.path, { fileId })}`;

/** The fields a submission may carry, in the order an operator compares them. */
const FIELDS = ['nationalCode', 'birthDate', 'firstNameEn', 'lastNameEn', 'nationality', 'passportNumber'] as const;
type Field = (typeof FIELDS)[number];

/** A submitted or verified value as an operator reads it: digits of the language, dates in their calendar. */
function useFieldValue() {
  const fmt = useFormat();
  return (field: string, value: string) => {
    switch (field as Field) {
      case 'birthDate':
        return formatDay(value, fmt.lng, fmt.calendar);
      case 'nationalCode':
        return formatDigits(value, fmt.lng);
      case 'nationality':
        return countryName(value, fmt.lng);
      case 'firstNameEn':
      case 'lastNameEn':
      case 'passportNumber':
        return <span dir="ltr">{value}</span>;
      default:
        return <span dir="auto">{value}</span>;
    }
  };
}

function FieldList({ values, emptyText }: { values: Record<string, string | null>; emptyText: string }) {
  const { t } = useTranslation('admin');
  const show = useFieldValue();
  const known = FIELDS.filter((f) => values[f]);
  const other = Object.keys(values).filter((k) => !(FIELDS as readonly string[]).includes(k) && values[k]);
  if (known.length + other.length === 0) return <Typography color="text.secondary">{emptyText}</Typography>;
  return (
    <Details>
      {[...known, ...other].map((field) => (
        <Detail key={field} label={(FIELDS as readonly string[]).includes(field) ? t(`kyc.fields.${field}`) : field}>
          {show(field, values[field] ?? '')}
        </Detail>
      ))}
    </Details>
  );
}

function Summary({ s }: { s: AdminKycDetail }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const name = personName(s.user.firstName, s.user.lastName) ?? t('users.noName');
  return (
    <Panel id="kyc-summary" title={t('kyc.submission.summary')}>
      <Details>
        <Detail label={t('kyc.submission.user')}>
          <Link component={RouterLink} to={paths.adminUser.getHref(s.user.id)} sx={{ fontWeight: 600 }}>
            {name}
          </Link>
          <Typography dir="ltr" color="text.secondary">
            {displayMobile(s.user.mobile, fmt.lng)}
          </Typography>
        </Detail>
        <Detail label={t('kyc.columns.kind')}>{t(`kyc.kinds.${s.kind}`)}</Detail>
        <Detail label={t('kyc.submission.status')}>
          <KycStatusChip status={s.status} />
        </Detail>
        <Detail label={t('kyc.columns.submittedAt')}>
          {formatRelative(s.createdAt, fmt.lng)} – {fmt.date(s.createdAt, 'dateTime')}
        </Detail>
        {s.reviewedAt ? (
          <Detail label={t('kyc.submission.reviewedAt')}>{fmt.date(s.reviewedAt, 'dateTime')}</Detail>
        ) : null}
        {s.rejectReason ? (
          <Detail label={t('kyc.submission.rejectReason')}>{t(`kyc.reasons.${s.rejectReason}`)}</Detail>
        ) : null}
      </Details>
    </Panel>
  );
}

function VideoPanel({ fileId }: { fileId: string }) {
  const { t } = useTranslation('admin');
  return (
    <Panel id="kyc-video" title={t('kyc.submission.video')}>
      <Box
        component="video"
        controls
        preload="metadata"
        src={fileUrl(fileId)}
        aria-label={t('kyc.submission.video')}
        sx={{ width: '100%', maxHeight: 480, bgcolor: 'common.black', borderRadius: 1 }}
      >
        {t('kyc.submission.videoUnsupported')}
      </Box>
      <Link
        href={fileUrl(fileId)}
        target="_blank"
        rel="noopener"
        sx={{ alignSelf: 'flex-start', display: 'inline-flex', gap: 0.5, alignItems: 'center' }}
      >
        {t('kyc.submission.openVideo')}
        <OpenInNew fontSize="small" aria-hidden="true" />
      </Link>
    </Panel>
  );
}

function PassportPanel({ fileId, name }: { fileId: string; name: string }) {
  const { t } = useTranslation('admin');
  return (
    <Panel id="kyc-passport" title={t('kyc.submission.passport')}>
      <Link href={fileUrl(fileId)} target="_blank" rel="noopener" sx={{ display: 'block', lineHeight: 0 }}>
        <Box
          component="img"
          src={fileUrl(fileId)}
          alt={t('kyc.submission.passportAlt', { name })}
          sx={{
            maxWidth: '100%',
            maxHeight: 420,
            objectFit: 'contain',
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
          }}
        />
      </Link>
      <Typography variant="body2" color="text.secondary">
        {t('kyc.submission.passportOpen')}
      </Typography>
    </Panel>
  );
}

/**
 * One submission (`/admin/kyc/:submissionId`): what was submitted next to the user's verified identity,
 * the video and the passport image (served to operators by `GET /api/files/:id`), and the decision
 * buttons while it is pending.
 */
export default function KycSubmissionPage({ submissionId }: { submissionId: string }) {
  const { t } = useTranslation('admin');
  const can = useCan();
  const submission = useQuery(kycSubmissionQueryOptions(submissionId));
  const [alreadyReviewed, setAlreadyReviewed] = useState(false);
  const back = { to: paths.adminKyc.getHref(), label: t('kyc.submission.back') };

  if (submission.isPending || submission.isError) {
    return (
      <ConsolePage title={t('kyc.submission.title')} back={back}>
        <LoadingOrError query={submission} />
      </ConsolePage>
    );
  }

  const s = submission.data;
  const name = personName(s.user.firstName, s.user.lastName) ?? t('users.noName');
  return (
    <ConsolePage
      title={t('kyc.submission.titleOf', { kind: t(`kyc.kinds.${s.kind}`) })}
      back={back}
      actions={
        s.status === 'pending' && s.kind !== 'identity' && can('kyc.review') ? (
          <KycDecisionButtons submissionId={s.id} onAlreadyReviewed={() => setAlreadyReviewed(true)} />
        ) : null
      }
    >
      {alreadyReviewed ? (
        <Alert severity="warning" onClose={() => setAlreadyReviewed(false)}>
          {t('kyc.decision.alreadyReviewed')}
        </Alert>
      ) : null}
      <PanelColumns>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
          <Summary s={s} />
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'minmax(0, 1fr)' },
            }}
          >
            <Panel id="kyc-submitted" title={t('kyc.submission.submitted')}>
              <FieldList values={s.data} emptyText={t('kyc.submission.onlyVideo')} />
            </Panel>
            <Panel id="kyc-verified" title={t('kyc.submission.verified')}>
              <FieldList values={s.userIdentity} emptyText={t('kyc.submission.noVerified')} />
            </Panel>
          </Box>
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
          {s.videoFileId ? <VideoPanel fileId={s.videoFileId} /> : null}
          {s.passportImageFileId ? <PassportPanel fileId={s.passportImageFileId} name={name} /> : null}
        </Box>
      </PanelColumns>
    </ConsolePage>
  );
}
