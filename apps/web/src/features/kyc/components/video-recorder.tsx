import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/form/form-error';
import { useFormat } from '@/hooks/use-format';
import { ELEMENT_MARK, placeElement } from '@/lib/place-element';
import { MAX_RECORDING_SECONDS, useVideoRecorder, type RecorderIssue } from '../use-video-recorder';
import { UploadProgress } from '@/components/upload-progress';

const NOTES = ['permission', 'light', 'face', 'read'] as const;

/** Issues the user can fix and try again (permission, another app holding the camera…). */
const RETRYABLE: ReadonlySet<RecorderIssue> = new Set(['denied', 'noDevice', 'inUse', 'failed']);

/**
 * KYC level two's selfie video (SPEC §2 "Video"): the camera and microphone permission notes, the
 * live picture, a short text to read aloud, recording with a visible timer that ends by itself, the
 * recording to watch, "record again", and the submission with its upload progress. The parent sends
 * the video (`onSubmit`) and says how it goes.
 */
export function VideoRecorder({
  name,
  submitLabel,
  onSubmit,
  isSubmitting,
  progress,
  error,
}: {
  /** The user's first and last name, read out in the script; null when not known (the script then names no one). */
  name: string | null;
  submitLabel: string;
  onSubmit: (video: Blob) => void;
  isSubmitting: boolean;
  /** Upload progress (0–1) while the video is sent. */
  progress: number | null;
  /** The submission's error, already translated. */
  error: string | null;
}) {
  const { t } = useTranslation('kyc');
  const format = useFormat();
  const { state, elapsed, startCamera, startRecording, stopRecording, attachPreview } = useVideoRecorder();
  const showsCamera = state.kind === 'live' || state.kind === 'recording';
  const recorded = state.kind === 'recorded' ? state : null;

  return (
    <Stack spacing={2}>
      {state.kind === 'idle' || state.kind === 'starting' ? (
        <Alert severity="info" icon={false}>
          <AlertTitle>{t('video.notes.title')}</AlertTitle>
          <Box component="ul" sx={{ m: 0, ps: 2.5, display: 'grid', gap: 0.5 }}>
            {NOTES.map((note) => (
              <li key={note}>{t(`video.notes.${note}`)}</li>
            ))}
          </Box>
        </Alert>
      ) : null}

      {state.kind === 'error' ? (
        <Alert severity={state.issue === 'unsupported' ? 'error' : 'warning'}>
          <AlertTitle>{t(`video.issues.${state.issue}.title`)}</AlertTitle>
          {t(`video.issues.${state.issue}.text`)}
        </Alert>
      ) : null}

      <Box
        sx={{
          position: 'relative',
          width: '100%',
          maxWidth: 480,
          mx: 'auto',
          aspectRatio: '4 / 3',
          borderRadius: 2,
          overflow: 'hidden',
          bgcolor: 'grey.900',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        {showsCamera ? (
          <Box
            component="video"
            ref={attachPreview}
            autoPlay
            muted
            playsInline
            aria-label={t('video.livePreview')}
            // A selfie preview reads like a mirror; the recording itself is not mirrored.
            sx={{ width: '100%', height: '100%', objectFit: 'cover', transform: 'scaleX(-1)' }}
          />
        ) : recorded ? (
          <Box
            component="video"
            key={recorded.url}
            src={recorded.url}
            controls
            playsInline
            aria-label={t('video.recordingPreview')}
            sx={{ width: '100%', height: '100%', objectFit: 'contain', bgcolor: 'common.black' }}
          />
        ) : (
          <VideocamOutlined aria-hidden="true" sx={{ fontSize: 64, color: 'grey.600' }} />
        )}
        {state.kind === 'recording' ? (
          <Box
            role="timer"
            aria-label={t('video.timerLabel')}
            sx={{
              position: 'absolute',
              top: 12,
              insetInlineStart: 12,
              display: 'flex',
              alignItems: 'center',
              gap: 0.75,
              px: 1.25,
              py: 0.5,
              borderRadius: 5,
              bgcolor: 'rgba(0, 0, 0, 0.6)',
              color: 'common.white',
              fontSize: '0.9rem',
            }}
          >
            <FiberManualRecord aria-hidden="true" sx={{ fontSize: 14, color: 'error.main' }} />
            <span dir="ltr">
              {format.clock(elapsed)} / {format.clock(MAX_RECORDING_SECONDS)}
            </span>
          </Box>
        ) : null}
      </Box>

      {state.kind === 'recording' ? (
        <LinearProgress
          variant="determinate"
          value={(elapsed / MAX_RECORDING_SECONDS) * 100}
          color="error"
          aria-label={t('video.timerLabel')}
        />
      ) : null}

      {state.kind !== 'recorded' && state.kind !== 'error' ? (
        <Paper variant="outlined" sx={{ p: 2, bgcolor: 'action.hover' }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {t('video.scriptTitle', { seconds: format.number(MAX_RECORDING_SECONDS) })}
          </Typography>
          <Typography sx={{ fontWeight: 500, lineHeight: 1.9 }}>
            {name
              ? placeElement(
                  t('video.script', { name: ELEMENT_MARK, date: format.date(new Date(), 'long') }),
                  // The name in its own direction (a foreigner's is in English) inside the sentence.
                  <bdi>{name}</bdi>,
                )
              : t('video.scriptNoName', { date: format.date(new Date(), 'long') })}
          </Typography>
        </Paper>
      ) : null}

      {recorded ? <Typography color="text.secondary">{t('video.recordedHint')}</Typography> : null}
      {recorded && progress !== null ? <UploadProgress value={progress} label={t('video.uploading')} /> : null}
      {recorded && error ? <FormError message={error} /> : null}

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        {state.kind === 'idle' || state.kind === 'starting' ? (
          <Button variant="contained" onClick={() => void startCamera()} loading={state.kind === 'starting'}>
            {t('video.startCamera')}
          </Button>
        ) : null}
        {state.kind === 'error' && RETRYABLE.has(state.issue) ? (
          <Button variant="contained" onClick={() => void startCamera()}>
            {t('video.tryCameraAgain')}
          </Button>
        ) : null}
        {state.kind === 'live' ? (
          <Button variant="contained" color="error" startIcon={<FiberManualRecord />} onClick={startRecording}>
            {t('video.start')}
          </Button>
        ) : null}
        {state.kind === 'recording' ? (
          <Button variant="contained" onClick={stopRecording}>
            {t('video.end')}
          </Button>
        ) : null}
        {recorded ? (
          <>
            <Button variant="contained" onClick={() => onSubmit(recorded.video)} loading={isSubmitting}>
              {submitLabel}
            </Button>
            <Button variant="outlined" onClick={() => void startCamera()} disabled={isSubmitting}>
              {t('video.again')}
            </Button>
          </>
        ) : null}
      </Stack>
    </Stack>
  );
}
