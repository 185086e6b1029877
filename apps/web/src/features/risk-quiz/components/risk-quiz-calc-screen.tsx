import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import type { RiskQuiz, RiskResult } from '@portal/contract/baskets/risk-quiz';
import { ErrorState } from '@/components/errors/error-state';
import { FormError } from '@/components/form/form-error';
import { PageShell } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { isApiError } from '@/lib/api-error';
import { useErrorMessage } from '@/lib/error-message';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useRiskQuiz, useSubmitRiskQuiz } from '../api/risk-quiz';
import { BAND_COLOR, minutesFor } from '../risk-format';
import { RETURN_TO, safeReturnTo } from '../return-to';
import { RiskMeter } from './risk-meter';

type Lang = 'fa' | 'en' | 'ar';
const langOf = (lng: string): Lang => (lng === 'en' || lng === 'ar' ? lng : 'fa');

/** The answer chosen for each question, by its position: an option's id, or '' while unanswered. */
interface Answers {
  answers: string[];
}
const answersSchema = z.object({ answers: z.array(z.string().min(1, { message: 'required' })) });

function CalcSkeleton() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-busy="true" aria-label={t('common.loading')} sx={{ display: 'grid', gap: 2 }}>
      <Skeleton variant="rounded" height={12} />
      <Skeleton variant="rounded" height={320} />
    </Box>
  );
}

function Intro({ quiz, onStart }: { quiz: RiskQuiz; onStart: () => void }) {
  const { t } = useTranslation('risk');
  const fmt = useFormat();
  const count = quiz.questions.length;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {t('calc.introTitle')}
      </Typography>
      <Typography>{t('list.intro')}</Typography>
      <Typography color="text.secondary">{t('calc.introText')}</Typography>
      <Box component="ul" sx={{ m: 0, paddingInlineStart: 3, display: 'grid', gap: 0.75 }}>
        <li>
          <Typography>{t('calc.introCount', { number: fmt.number(count) })}</Typography>
        </li>
        <li>
          <Typography>{t('calc.introTime', { minutes: fmt.number(minutesFor(count)) })}</Typography>
        </li>
        <li>
          <Typography>{t('calc.introSaved')}</Typography>
        </li>
      </Box>
      <Button
        variant="contained"
        size="large"
        onClick={onStart}
        sx={{ alignSelf: { sm: 'flex-start' }, minWidth: 200 }}
      >
        {t('calc.start')}
      </Button>
    </Paper>
  );
}

/** The result: the risk number, the persona, one sentence, and the ways on. */
function Result({ result, returnTo, onAgain }: { result: RiskResult; returnTo: string | null; onAgain: () => void }) {
  const { t } = useTranslation('risk');
  const fmt = useFormat();
  const titleId = useId();
  const persona = t(`persona.${result.persona}`);
  return (
    <Paper
      component="section"
      role="status"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ p: { xs: 2.5, sm: 4 }, display: 'flex', flexDirection: 'column', gap: 2, textAlign: 'center' }}
    >
      <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {t('result.title')}
      </Typography>
      <Box>
        <Typography color="text.secondary">{t('result.number')}</Typography>
        <Typography component="p" sx={{ fontSize: '3.5rem', fontWeight: 800, lineHeight: 1.1 }}>
          {fmt.number(result.riskNumber)}
        </Typography>
        <Typography color="text.secondary">{t('result.of')}</Typography>
      </Box>
      <Box
        sx={{
          alignSelf: 'center',
          px: 2,
          py: 0.75,
          borderRadius: 4,
          bgcolor: BAND_COLOR[result.band],
          color: '#1b1b1b',
          fontWeight: 700,
        }}
      >
        {t('result.persona', { name: persona })}
      </Box>
      <RiskMeter riskNumber={result.riskNumber} label={t('result.meter')} />
      <Typography>{t(`sentence.${result.persona}`)}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
        {returnTo ? (
          <Button component={RouterLink} to={returnTo} variant="contained" size="large">
            {t('result.back')}
          </Button>
        ) : null}
        <Button
          component={RouterLink}
          to={paths.riskQuiz.getHref(returnTo ?? undefined)}
          variant={returnTo ? 'outlined' : 'contained'}
          size="large"
        >
          {t('result.list')}
        </Button>
        <Button onClick={onAgain} color="inherit" size="large">
          {t('result.again')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** Asks before leaving the test: the answers given so far are not kept. */
function ExitDialog({ open, onStay, onLeave }: { open: boolean; onStay: () => void; onLeave: () => void }) {
  const { t } = useTranslation('risk');
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onStay} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('calc.exitTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('calc.exitText')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onStay} color="inherit">
          {t('calc.stay')}
        </Button>
        <Button onClick={onLeave} variant="contained" color="error">
          {t('calc.leave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** One question per screen: "question X of Y", its options, back and continue (or save and calculate). */
function Questions({
  quiz,
  onDone,
  onBackToIntro,
  notice,
}: {
  quiz: RiskQuiz;
  onDone: (result: RiskResult) => void;
  onBackToIntro: () => void;
  notice: string | null;
}) {
  const { t, i18n } = useTranslation('risk');
  const fmt = useFormat();
  const errorMessage = useErrorMessage();
  const lang = langOf(i18n.language);
  const total = quiz.questions.length;
  const [step, setStep] = useState(0);
  const submit = useSubmitRiskQuiz();
  const sent = useRef<{ body: string; key: string } | null>(null);
  const form = useForm<Answers>({
    resolver: zodResolver(answersSchema),
    defaultValues: { answers: quiz.questions.map(() => '') },
    mode: 'all',
  });
  const question = quiz.questions[step]!;
  const last = step === total - 1;
  const labelId = useId();

  const next = async () => {
    if (!(await form.trigger(`answers.${step}`))) return;
    if (!last) {
      setStep(step + 1);
      return;
    }
    const values = form.getValues('answers');
    const body = {
      versionId: quiz.id,
      answers: quiz.questions.map((q, i) => ({ questionId: q.id, optionId: values[i]! })),
    };
    const canonical = JSON.stringify(body);
    if (sent.current?.body !== canonical) sent.current = { body: canonical, key: newIdempotencyKey() };
    submit.mutate({ body, idempotencyKey: sent.current.key }, { onSuccess: onDone });
  };
  const back = () => {
    submit.reset();
    if (step === 0) onBackToIntro();
    else setStep(step - 1);
  };
  const refused =
    submit.error && !(isApiError(submit.error) && submit.error.code === 'RISK_QUIZ_VERSION_OUTDATED')
      ? errorMessage(submit.error)
      : null;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void next();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      {notice ? <FormError message={notice} /> : null}
      <Box>
        <Typography id={`${labelId}-progress`} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('calc.progress', { current: fmt.number(step + 1), total: fmt.number(total) })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={((step + 1) / total) * 100}
          aria-labelledby={`${labelId}-progress`}
          sx={{ height: 8, borderRadius: 4 }}
        />
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Controller
          key={question.id}
          control={form.control}
          name={`answers.${step}`}
          render={({ field, fieldState }) => {
            // The rule shows once "continue" checked this question (choosing an option clears it).
            const shown = fieldState.error !== undefined;
            return (
              <FormControl error={Boolean(shown)} fullWidth>
                <FormLabel
                  id={labelId}
                  // The question stays readable when the rule shows: only the rule under the options is red.
                  sx={{
                    color: 'text.primary',
                    '&.Mui-focused, &.Mui-error': { color: 'text.primary' },
                    fontWeight: 700,
                    fontSize: '1.1rem',
                    mb: 1.5,
                    lineHeight: 1.7,
                  }}
                >
                  {question.text[lang]}
                </FormLabel>
                <RadioGroup
                  aria-labelledby={labelId}
                  name={field.name}
                  value={field.value}
                  onChange={(_e, v) => {
                    field.onChange(v);
                    submit.reset();
                  }}
                  onBlur={field.onBlur}
                  sx={{ gap: 1 }}
                >
                  {question.options.map((o) => (
                    <FormControlLabel
                      key={o.id}
                      value={o.id}
                      control={<Radio />}
                      label={o.text[lang]}
                      sx={{
                        m: 0,
                        px: 1,
                        py: 0.5,
                        border: 1,
                        borderRadius: 1,
                        borderColor: field.value === o.id ? 'primary.main' : 'divider',
                      }}
                    />
                  ))}
                </RadioGroup>
                {shown ? <FormHelperText>{t('calc.required')}</FormHelperText> : null}
              </FormControl>
            );
          }}
        />
      </Paper>
      {refused ? <FormError message={refused} /> : null}
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'space-between' }}>
        <Button onClick={back} color="inherit" disabled={submit.isPending}>
          {t('calc.previous')}
        </Button>
        <Button type="submit" variant="contained" size="large" loading={submit.isPending} sx={{ minWidth: 160 }}>
          {last ? t('calc.save') : t('calc.continue')}
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * `/risk-quiz/calc` (SPEC §2 "Risk quiz: intro, question X of Y, continue, save and calculate, back, exit
 * confirmation; result shows the risk number"): the intro, one question per screen, then the result with the
 * number, the persona and one sentence. Leaving during the questions asks first. `?returnTo=` (a page of the app,
 * e.g. the fund page) is where the result's first button and the exit lead.
 */
export default function RiskQuizCalcScreen() {
  const { t } = useTranslation('risk');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get(RETURN_TO));
  const leaveTo = returnTo ?? paths.riskQuiz.getHref();
  const quiz = useRiskQuiz();
  const [phase, setPhase] = useState<'intro' | 'questions' | 'result'>('intro');
  const [result, setResult] = useState<RiskResult | null>(null);
  const [exiting, setExiting] = useState(false);
  /** Bumped to start the questions afresh (again, or after the quiz changed). */
  const [round, setRound] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const quizId = quiz.data?.id;
  // A quiz published while answering: its answers are dropped and the new one starts from its first question.
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (quizId && seen.current && seen.current !== quizId) {
      setNotice(t('calc.outdated'));
      setRound((r) => r + 1);
    }
    if (quizId) seen.current = quizId;
  }, [quizId, t]);

  const exit = () => {
    if (phase === 'questions') setExiting(true);
    else void navigate(leaveTo);
  };
  const title = t('calc.title');
  const exitButton = (
    <Button onClick={exit} color="inherit" startIcon={<Close />} sx={{ alignSelf: 'flex-end', mb: -1 }}>
      {t('calc.exit')}
    </Button>
  );

  let body;
  if (quiz.isPending) body = <CalcSkeleton />;
  else if (quiz.isError)
    body =
      isApiError(quiz.error) && quiz.error.code === 'NOT_FOUND' ? (
        <FormError message={t('calc.unavailable')} />
      ) : (
        <ErrorState error={quiz.error} onRetry={() => void quiz.refetch()} isRetrying={quiz.isFetching} />
      );
  else if (phase === 'result' && result)
    body = (
      <Result
        result={result}
        returnTo={returnTo}
        onAgain={() => {
          setResult(null);
          setNotice(null);
          setRound((r) => r + 1);
          setPhase('questions');
        }}
      />
    );
  else if (phase === 'questions')
    body = (
      <Questions
        key={`${quiz.data.id}-${round}`}
        quiz={quiz.data}
        notice={notice}
        onBackToIntro={() => setPhase('intro')}
        onDone={(r) => {
          setResult(r);
          setPhase('result');
        }}
      />
    );
  else body = <Intro quiz={quiz.data} onStart={() => setPhase('questions')} />;

  return (
    <PageShell title={title}>
      {phase !== 'result' ? exitButton : null}
      {body}
      <ExitDialog
        open={exiting}
        onStay={() => setExiting(false)}
        onLeave={() => {
          setExiting(false);
          void navigate(leaveTo);
        }}
      />
    </PageShell>
  );
}
