import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm, type Control, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { publishFundAnnouncementBody, type AdminFund, type AdminFundAnnouncement } from '@portal/contract/admin/funds';
import type { Culture } from '@portal/contract/core/constants';
import { FUND_ANNOUNCEMENT_KINDS } from '@portal/contract/funds/catalogue';
import { ErrorState } from '@/components/errors/error-state';
import { FormError } from '@/components/form/form-error';
import { useNotify } from '@/components/notices/notices';
import { useFormat } from '@/hooks/use-format';
import { pageParam } from '@/lib/page-window';
import { fundAnnouncementsQueryOptions, useDeleteFundAnnouncement, usePublishFundAnnouncement } from './api';
import { useCan } from '../shell/operator';
import { withPage } from '../shell/url';
import { DialogButtons } from '../shell/dialog-buttons';
import { EmptyState, Loading, Pages, Panel } from '../shell/console-page';
import { useFundErrorMessage, useFundRuleMessage } from './fund-labels';
import { useLocalized } from '../shell/localized';

const LANGS: readonly Culture[] = ['fa', 'ar', 'en'];
const shape = publishFundAnnouncementBody.shape;
const documentUrl = shape.documentUrl.unwrap().unwrap();

/** The announcement form: the contract's body, the document's address optional (empty: none). */
const schema = z.object({
  kind: z.enum(FUND_ANNOUNCEMENT_KINDS, { message: 'select' }),
  title: shape.title,
  body: shape.body,
  requiresAgreement: z.boolean(),
  documentUrl: z.literal('').or(documentUrl),
});
type AnnouncementForm = z.input<typeof schema>;

const empty: AnnouncementForm = {
  kind: 'announcement',
  title: { fa: '', ar: '', en: '' },
  body: { fa: '', ar: '', en: '' },
  requiresAgreement: false,
  documentUrl: '',
};

function TextInput({
  control,
  name,
  label,
  dir,
  multiline,
  hint = ' ',
  disabled,
}: {
  control: Control<AnnouncementForm>;
  name: FieldPath<AnnouncementForm>;
  label: string;
  dir?: 'ltr' | 'rtl';
  multiline?: boolean;
  hint?: string;
  disabled: boolean;
}) {
  const message = useFundRuleMessage();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState, formState }) => {
        const show = Boolean(fieldState.error) && (fieldState.isTouched || fieldState.isDirty || formState.isSubmitted);
        return (
          <TextField
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            id={`announcement-${name.replace(/\./g, '-')}`}
            label={label}
            multiline={multiline}
            minRows={multiline ? 3 : undefined}
            disabled={disabled}
            error={show}
            helperText={show ? message(fieldState.error?.message) : hint}
            slotProps={{ htmlInput: { dir } }}
          />
        );
      }}
    />
  );
}

/** Publishing an announcement or a report (SPEC §2): texts in three languages, agreement, a document. */
function PublishAnnouncement({ fund }: { fund: AdminFund }) {
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const errorMessage = useFundErrorMessage();
  const publish = usePublishFundAnnouncement(fund.id);
  const form = useForm<AnnouncementForm>({ resolver: zodResolver(schema), defaultValues: empty, mode: 'all' });
  const pending = publish.isPending;
  const onSubmit = form.handleSubmit((v) => {
    if (pending) return;
    publish.mutate(
      { ...v, documentUrl: v.documentUrl === '' ? null : v.documentUrl },
      {
        onSuccess: () => {
          notify.success(`admin:funds.announcements.published.${v.kind}`);
          form.reset(empty);
        },
      },
    );
  });
  const grid = {
    display: 'grid',
    gap: 2,
    gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
  } as const;
  return (
    <Panel id="fund-announcement-publish" title={t('funds.announcements.publishTitle')}>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={onSubmit}
        aria-label={t('funds.announcements.publishTitle')}
      >
        <Controller
          name="kind"
          control={form.control}
          render={({ field }) => (
            <TextField
              select
              {...field}
              id="announcement-kind"
              label={t('funds.announcements.kind')}
              disabled={pending}
              sx={{ maxWidth: 320 }}
            >
              {FUND_ANNOUNCEMENT_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`funds.announcements.kinds.${k}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Box sx={grid}>
          {LANGS.map((lng) => (
            <TextInput
              key={lng}
              control={form.control}
              name={`title.${lng}`}
              label={t('funds.form.inLanguage', {
                field: t('funds.announcements.titleField'),
                language: t(`funds.languages.${lng}`),
              })}
              dir={lng === 'en' ? 'ltr' : 'rtl'}
              disabled={pending}
            />
          ))}
        </Box>
        <Box sx={grid}>
          {LANGS.map((lng) => (
            <TextInput
              key={lng}
              control={form.control}
              name={`body.${lng}`}
              label={t('funds.form.inLanguage', {
                field: t('funds.announcements.bodyField'),
                language: t(`funds.languages.${lng}`),
              })}
              dir={lng === 'en' ? 'ltr' : 'rtl'}
              multiline
              disabled={pending}
            />
          ))}
        </Box>
        <TextInput
          control={form.control}
          name="documentUrl"
          label={t('funds.announcements.documentUrl')}
          hint={t('funds.announcements.documentUrlHint')}
          dir="ltr"
          disabled={pending}
        />
        <Controller
          name="requiresAgreement"
          control={form.control}
          render={({ field }) => (
            <FormControlLabel
              control={
                <Checkbox
                  name={field.name}
                  checked={field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                  inputRef={field.ref}
                  disabled={pending}
                />
              }
              label={t('funds.announcements.requiresAgreement')}
              sx={{ mx: 0 }}
            />
          )}
        />
        {publish.error ? <FormError message={errorMessage(publish.error)} /> : null}
        <Button type="submit" variant="contained" loading={pending} sx={{ alignSelf: 'flex-start' }}>
          {t('funds.announcements.publish')}
        </Button>
      </Stack>
    </Panel>
  );
}

function DeleteAnnouncementDialog({
  fund,
  announcement,
  onClose,
}: {
  fund: AdminFund;
  announcement: AdminFundAnnouncement | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const localized = useLocalized();
  const notify = useNotify();
  const errorMessage = useFundErrorMessage();
  const remove = useDeleteFundAnnouncement(fund.id);
  const titleId = useId();
  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };
  return (
    <Dialog open={announcement !== null} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('funds.announcements.deleteTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>
          {t('funds.announcements.deleteText', { title: announcement ? localized(announcement.title) : '' })}
        </DialogContentText>
        {remove.error ? <FormError message={errorMessage(remove.error)} /> : null}
      </DialogContent>
      <DialogButtons
        onCancel={close}
        pending={remove.isPending}
        confirm={t('funds.announcements.deleteConfirm')}
        color="error"
        onConfirm={() =>
          announcement &&
          remove.mutate(announcement.id, {
            onSuccess: () => {
              notify.success('admin:funds.announcements.deleted');
              remove.reset();
              onClose();
            },
          })
        }
      />
    </Dialog>
  );
}

/** The fund's announcements and reports, newest first, with how many saw and agreed; withdrawable. */
function AnnouncementList({ fund }: { fund: AdminFund }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const localized = useLocalized();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  const list = useQuery(fundAnnouncementsQueryOptions(fund.id, page));
  const [deleting, setDeleting] = useState<AdminFundAnnouncement | null>(null);
  return (
    <Panel id="fund-announcement-list" title={t('funds.announcements.listTitle')}>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
      ) : list.data.items.length === 0 ? (
        <EmptyState message={t('funds.announcements.empty')} />
      ) : (
        <>
          <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0 }} aria-label={t('funds.announcements.listTitle')}>
            {list.data.items.map((a) => (
              <Paper
                key={a.id}
                component="li"
                variant="outlined"
                sx={{ listStyle: 'none', p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
              >
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={a.kind === 'report' ? 'info' : 'primary'}
                    label={t(`funds.announcements.kinds.${a.kind}`)}
                  />
                  {a.requiresAgreement ? (
                    <Chip
                      size="small"
                      variant="outlined"
                      color="warning"
                      label={t('funds.announcements.needsAgreement')}
                    />
                  ) : null}
                  <Typography variant="body2" color="text.secondary" sx={{ marginInlineStart: 'auto' }}>
                    {fmt.date(a.publishedAt, 'dateTime')}
                  </Typography>
                </Box>
                <Typography sx={{ fontWeight: 700 }}>{localized(a.title)}</Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
                  {localized(a.body)}
                </Typography>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                  <Typography variant="body2" color="text.secondary">
                    {a.requiresAgreement
                      ? t('funds.announcements.seenAgreed', {
                          seen: fmt.number(a.seenCount),
                          agreed: fmt.number(a.agreedCount),
                        })
                      : t('funds.announcements.seen', { seen: fmt.number(a.seenCount) })}
                  </Typography>
                  {a.documentUrl ? (
                    <Link
                      href={a.documentUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                    >
                      <DescriptionOutlined fontSize="small" aria-hidden="true" />
                      {t('funds.announcements.document')}
                    </Link>
                  ) : null}
                  {can('funds.manage') ? (
                    <Button
                      size="small"
                      color="error"
                      startIcon={<DeleteOutline fontSize="small" />}
                      onClick={() => setDeleting(a)}
                      sx={{ marginInlineStart: 'auto' }}
                      aria-label={t('funds.announcements.deleteOf', { title: localized(a.title) })}
                    >
                      {t('funds.announcements.delete')}
                    </Button>
                  ) : null}
                </Box>
              </Paper>
            ))}
          </Stack>
          <Pages
            page={page}
            total={list.data.total}
            pageSize={list.data.pageSize}
            onChange={(p) => setParams(withPage(params, p))}
          />
        </>
      )}
      <DeleteAnnouncementDialog fund={fund} announcement={deleting} onClose={() => setDeleting(null)} />
    </Panel>
  );
}

/** The announcements tab: publish (`funds.manage`), and what was published. */
export function FundAnnouncementsTab({ fund }: { fund: AdminFund }) {
  const can = useCan();
  return (
    <>
      {can('funds.manage') ? <PublishAnnouncement fund={fund} /> : null}
      <AnnouncementList fund={fund} />
    </>
  );
}
