import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useFieldArray, useForm, type Control, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RISK_QUIZ_OPTIONS_MAX, RISK_QUIZ_QUESTIONS_MAX } from '@portal/contract/baskets/risk-quiz';
import {
  saveRiskQuizDraftBody,
  type AdminRiskQuizDetail,
  type SaveRiskQuizDraftBody,
} from '@portal/contract/admin/risk-quiz';
import { normalizeDigits } from '@portal/contract/core/digits';
import { FormError } from '@/components/form/form-error';
import { useNotify } from '@/components/notices/notices';
import { useFormat } from '@/hooks/use-format';
import { useErrorMessage } from '@/lib/error-message';
import { Panel } from '../shell/console-page';
import { DialogButtons } from '../shell/dialog-buttons';
import { useDiscardRiskQuizDraft, usePublishRiskQuizDraft, useSaveRiskQuizDraft } from './api';

const LANGS = ['fa', 'en', 'ar'] as const;
const blank = () => ({ fa: '', en: '', ar: '' });

/** The draft as the form holds it: the contract's body (a score is a number, NaN while not one). */
function valuesOf(draft: AdminRiskQuizDetail): SaveRiskQuizDraftBody {
  return {
    questions: draft.questions.map((q) => ({
      text: { fa: q.text.fa, en: q.text.en, ar: q.text.ar },
      options: q.options.map((o) => ({ text: { fa: o.text.fa, en: o.text.en, ar: o.text.ar }, score: o.score })),
    })),
  };
}

/** A rule key of the contract's schema as a sentence of the editor (or the shared validation texts). */
function useRule() {
  const { t, i18n } = useTranslation('risk');
  return (error: FieldError | undefined) => {
    const rule = error?.message;
    if (!rule) return undefined;
    if (i18n.exists(`risk:desk.rules.${rule}`)) return t(`desk.rules.${rule}`);
    if (i18n.exists(`translation:validation.${rule}`)) return t(`translation:validation.${rule}`);
    return t('desk.rules.required');
  };
}

function TextRow({
  control,
  name,
  label,
}: {
  control: Control<SaveRiskQuizDraftBody>;
  name: string;
  label: (lang: string) => string;
}) {
  const { t } = useTranslation('risk');
  const rule = useRule();
  return (
    <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
      {LANGS.map((lang) => (
        <Controller
          key={lang}
          control={control}
          // The path is one of the form's text fields (`questions.0.text.fa`, `questions.0.options.1.text.en`).
          name={`${name}.${lang}` as 'questions.0.text.fa'}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              label={label(t(`desk.lang.${lang}`))}
              size="small"
              fullWidth
              multiline
              slotProps={{ htmlInput: { dir: lang === 'en' ? 'ltr' : 'rtl' } }}
              error={fieldState.error !== undefined}
              helperText={rule(fieldState.error)}
            />
          )}
        />
      ))}
    </Box>
  );
}

function OptionsEditor({ control, q }: { control: Control<SaveRiskQuizDraftBody>; q: number }) {
  const { t } = useTranslation('risk');
  const fmt = useFormat();
  const rule = useRule();
  const options = useFieldArray({ control, name: `questions.${q}.options` });
  return (
    <Stack spacing={1.5}>
      {options.fields.map((o, i) => (
        <Box
          key={o.id}
          role="group"
          aria-label={t('desk.option', { number: fmt.number(i + 1) })}
          sx={{
            display: 'flex',
            gap: 1,
            alignItems: 'flex-start',
            borderInlineStart: 3,
            borderColor: 'divider',
            paddingInlineStart: 1.5,
          }}
        >
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <TextRow
              control={control}
              name={`questions.${q}.options.${i}.text`}
              label={(lang) => t('desk.optionText', { lang })}
            />
          </Box>
          <Controller
            control={control}
            name={`questions.${q}.options.${i}.score`}
            render={({ field, fieldState }) => (
              <TextField
                label={t('desk.score')}
                size="small"
                value={Number.isFinite(field.value) ? fmt.number(field.value) : ''}
                onChange={(e) => {
                  const digits = normalizeDigits(e.target.value).replace(/\D/g, '');
                  field.onChange(digits === '' ? Number.NaN : Number(digits));
                }}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldState.error !== undefined}
                helperText={rule(fieldState.error)}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                sx={{ width: 96, flexShrink: 0 }}
              />
            )}
          />
          <IconButton
            aria-label={t('desk.removeOption', { number: fmt.number(i + 1) })}
            onClick={() => options.remove(i)}
            disabled={options.fields.length <= 2}
          >
            <DeleteOutline />
          </IconButton>
        </Box>
      ))}
      <Button
        startIcon={<Add />}
        onClick={() => options.append({ text: blank(), score: 0 })}
        disabled={options.fields.length >= RISK_QUIZ_OPTIONS_MAX}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('desk.addOption')}
      </Button>
    </Stack>
  );
}

/** Asks before publishing or discarding; shows the server's refusal under its text. */
function ConfirmDialog({
  open,
  title,
  text,
  confirm,
  color,
  pending,
  error,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  text: string;
  confirm: string;
  color?: 'error';
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={pending ? undefined : onCancel} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>{text}</DialogContentText>
        {error ? <FormError message={error} /> : null}
      </DialogContent>
      <DialogButtons onCancel={onCancel} pending={pending} confirm={confirm} color={color} onConfirm={onConfirm} />
    </Dialog>
  );
}

/**
 * The draft (issue 20): its questions in order, each in Persian, English and Arabic, with two to eight options
 * and a score 0–10 each; questions are added, removed and moved; saved whole. Publishing makes it the version
 * investors answer (the current one is retired; earlier answers keep theirs); discarding drops it.
 */
export function DraftEditor({ draft }: { draft: AdminRiskQuizDetail }) {
  const { t } = useTranslation('risk');
  const fmt = useFormat();
  const notify = useNotify();
  const errorMessage = useErrorMessage();
  const rule = useRule();
  const save = useSaveRiskQuizDraft();
  const publish = usePublishRiskQuizDraft();
  const discard = useDiscardRiskQuizDraft();
  const [asking, setAsking] = useState<'publish' | 'discard' | null>(null);
  const form = useForm<SaveRiskQuizDraftBody>({
    resolver: zodResolver(saveRiskQuizDraftBody),
    defaultValues: valuesOf(draft),
    mode: 'all',
  });
  const questions = useFieldArray({ control: form.control, name: 'questions' });
  const dirty = form.formState.isDirty;
  const listError = form.formState.errors.questions?.root ?? form.formState.errors.questions;

  const onSave = form.handleSubmit((values) => {
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset(valuesOf(saved));
        notify.success('risk:desk.saved');
      },
    });
  });

  return (
    <Panel
      id="risk-draft"
      title={`${t('desk.draft')} — ${t('desk.version', { number: fmt.number(draft.number) })}`}
      action={
        <Stack direction="row" spacing={1}>
          <Button color="error" onClick={() => setAsking('discard')}>
            {t('desk.discard')}
          </Button>
          <Button variant="contained" color="success" onClick={() => setAsking('publish')} disabled={dirty}>
            {t('desk.publish')}
          </Button>
        </Stack>
      }
    >
      {dirty ? <Alert severity="info">{t('desk.unsaved')}</Alert> : null}
      <Box component="form" noValidate onSubmit={onSave} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {questions.fields.map((q, i) => (
          <Paper
            key={q.id}
            variant="outlined"
            component="fieldset"
            aria-label={t('desk.question', { number: fmt.number(i + 1) })}
            sx={{ p: 2, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography component="legend" sx={{ fontWeight: 700, flexGrow: 1 }}>
                {t('desk.question', { number: fmt.number(i + 1) })}
              </Typography>
              <IconButton
                aria-label={t('desk.moveUp', { number: fmt.number(i + 1) })}
                onClick={() => questions.move(i, i - 1)}
                disabled={i === 0}
              >
                <ArrowUpward />
              </IconButton>
              <IconButton
                aria-label={t('desk.moveDown', { number: fmt.number(i + 1) })}
                onClick={() => questions.move(i, i + 1)}
                disabled={i === questions.fields.length - 1}
              >
                <ArrowDownward />
              </IconButton>
              <IconButton
                aria-label={t('desk.removeQuestion', { number: fmt.number(i + 1) })}
                onClick={() => questions.remove(i)}
                disabled={questions.fields.length <= 1}
              >
                <DeleteOutline />
              </IconButton>
            </Box>
            <TextRow
              control={form.control}
              name={`questions.${i}.text`}
              label={(lang) => t('desk.questionText', { lang })}
            />
            <OptionsEditor control={form.control} q={i} />
          </Paper>
        ))}
        {listError?.message ? <FormError message={rule(listError as FieldError) ?? ''} /> : null}
        {save.error ? <FormError message={errorMessage(save.error)} /> : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button
            startIcon={<Add />}
            onClick={() =>
              questions.append({
                text: blank(),
                options: [
                  { text: blank(), score: 0 },
                  { text: blank(), score: 1 },
                ],
              })
            }
            disabled={questions.fields.length >= RISK_QUIZ_QUESTIONS_MAX}
          >
            {t('desk.addQuestion')}
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          <Button type="submit" variant="contained" loading={save.isPending}>
            {t('desk.save')}
          </Button>
        </Stack>
      </Box>
      <ConfirmDialog
        open={asking === 'publish'}
        title={t('desk.publishTitle', { number: fmt.number(draft.number) })}
        text={t('desk.publishText')}
        confirm={t('desk.publish')}
        pending={publish.isPending}
        error={publish.error ? errorMessage(publish.error) : null}
        onCancel={() => {
          publish.reset();
          setAsking(null);
        }}
        onConfirm={() =>
          publish.mutate(undefined, {
            onSuccess: (v) => {
              setAsking(null);
              notify.success('risk:desk.publishDone', { number: fmt.number(v.number) });
            },
          })
        }
      />
      <ConfirmDialog
        open={asking === 'discard'}
        title={t('desk.discardTitle')}
        text={t('desk.discardText')}
        confirm={t('desk.discard')}
        color="error"
        pending={discard.isPending}
        error={discard.error ? errorMessage(discard.error) : null}
        onCancel={() => {
          discard.reset();
          setAsking(null);
        }}
        onConfirm={() =>
          discard.mutate(undefined, {
            onSuccess: () => {
              setAsking(null);
              notify.success('risk:desk.discarded');
            },
          })
        }
      />
    </Panel>
  );
}
