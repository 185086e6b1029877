import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminRiskQuizDetail } from '@portal/contract/admin/risk-quiz';
import { FormError } from '@/components/form/form-error';
import { useFormat } from '@/hooks/use-format';
import { useErrorMessage } from '@/lib/error-message';
import { ConsolePage, LoadingOrError, Panel } from '../shell/console-page';
import { useCan } from '../shell/operator';
import { riskQuizDeskQueryOptions, useCreateRiskQuizDraft } from './api';
import { DraftEditor } from './draft-editor';

const STATUS_COLOR = { draft: 'warning', published: 'success', retired: 'default' } as const;

/** A version's questions and options with their scores, as investors read them (in the page's language). */
function VersionView({ version }: { version: AdminRiskQuizDetail }) {
  const { t, i18n } = useTranslation('risk');
  const fmt = useFormat();
  const lang = i18n.language === 'en' || i18n.language === 'ar' ? i18n.language : 'fa';
  return (
    <Panel
      id={`risk-version-${version.number}`}
      title={`${t('desk.published')} — ${t('desk.version', { number: fmt.number(version.number) })}`}
    >
      <Typography variant="body2" color="text.secondary">
        {[
          version.publishedAt ? t('desk.publishedAt', { date: fmt.date(version.publishedAt, 'dateTime') }) : null,
          version.publishedBy ? t('desk.publishedBy', { name: version.publishedBy }) : null,
          t('desk.answers', { number: fmt.number(version.answerCount) }),
          t('desk.scoreRange', { min: fmt.number(version.scoreRange.min), max: fmt.number(version.scoreRange.max) }),
        ]
          .filter(Boolean)
          .join(' — ')}
      </Typography>
      <Box component="ol" sx={{ m: 0, paddingInlineStart: 3, display: 'grid', gap: 1.5 }}>
        {version.questions.map((q) => (
          <li key={q.id}>
            <Typography sx={{ fontWeight: 700 }}>{q.text[lang]}</Typography>
            <Box component="ul" sx={{ m: 0, paddingInlineStart: 2.5 }}>
              {q.options.map((o) => (
                <li key={o.id}>
                  <Typography variant="body2">
                    {o.text[lang]} — {t('desk.score')}: {fmt.number(o.score)}
                  </Typography>
                </li>
              ))}
            </Box>
          </li>
        ))}
      </Box>
    </Panel>
  );
}

/**
 * The risk quiz editor (`/admin/risk-quiz`, issue 20): the draft (written and published by an operator with
 * `quiz.manage`, one senior operator's audited act: it moves no money), the published version, and every version
 * with how many answer sets it has.
 */
export default function RiskQuizPage() {
  const { t } = useTranslation('risk');
  const fmt = useFormat();
  const can = useCan();
  const errorMessage = useErrorMessage();
  const desk = useQuery(riskQuizDeskQueryOptions());
  const create = useCreateRiskQuizDraft();
  const title = t('desk.title');
  if (desk.isPending || desk.isError) {
    return (
      <ConsolePage title={title}>
        <LoadingOrError query={desk} />
      </ConsolePage>
    );
  }
  const d = desk.data;
  const manage = can('quiz.manage');
  return (
    <ConsolePage title={title}>
      {!manage ? <Typography color="text.secondary">{t('desk.readOnly')}</Typography> : null}
      {manage && d.draft ? <DraftEditor key={`${d.draft.id}-${d.draft.createdAt}`} draft={d.draft} /> : null}
      {manage && !d.draft ? (
        <Panel id="risk-no-draft" title={t('desk.draft')}>
          <Typography color="text.secondary">{t('desk.noDraft')}</Typography>
          {create.error ? <FormError message={errorMessage(create.error)} /> : null}
          <Button
            variant="contained"
            loading={create.isPending}
            onClick={() => create.mutate()}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('desk.createDraft')}
          </Button>
        </Panel>
      ) : null}
      {d.published ? <VersionView version={d.published} /> : null}
      <Panel id="risk-versions" title={t('desk.versions')}>
        <TableContainer>
          <Table size="small" aria-labelledby="risk-versions-title">
            <TableHead>
              <TableRow>
                <TableCell>{t('desk.col.version')}</TableCell>
                <TableCell>{t('desk.col.publishedAt')}</TableCell>
                <TableCell>{t('desk.col.questions')}</TableCell>
                <TableCell>{t('desk.col.answers')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {d.versions.map((v) => (
                <TableRow key={v.id}>
                  <TableCell>
                    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                      {t('desk.version', { number: fmt.number(v.number) })}
                      <Chip size="small" label={t(`desk.status.${v.status}`)} color={STATUS_COLOR[v.status]} />
                    </Box>
                  </TableCell>
                  <TableCell>{v.publishedAt ? fmt.date(v.publishedAt, 'dateTime') : '—'}</TableCell>
                  <TableCell>{fmt.number(v.questionCount)}</TableCell>
                  <TableCell>{fmt.number(v.answerCount)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Panel>
    </ConsolePage>
  );
}
