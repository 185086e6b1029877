import { useCallback, useEffect, useRef, useState } from 'react';

/** The longest selfie video: recording stops by itself after it. */
export const MAX_RECORDING_SECONDS = 30;

/** Why the camera could not be used; each has its own explanation and way out. */
export type RecorderIssue = 'unsupported' | 'denied' | 'noDevice' | 'inUse' | 'failed';

export type RecorderState =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'live' }
  | { kind: 'recording' }
  | { kind: 'recorded'; video: Blob; url: string }
  | { kind: 'error'; issue: RecorderIssue };

/** Camera and microphone capture, and a recorder: a secure context and a recent browser. */
export function isRecordingSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function' &&
    typeof MediaRecorder !== 'undefined'
  );
}

/** WebM where the browser records it (Chrome, Firefox, Edge), else MP4 (Safari); the browser's choice last. */
export function pickVideoType(): string | undefined {
  const candidates = ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm', 'video/mp4'];
  return candidates.find((type) => MediaRecorder.isTypeSupported(type));
}

/** The `getUserMedia` failure, by its DOMException name (old names of older browsers too). */
export function recorderIssueOf(error: unknown): RecorderIssue {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'noDevice';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'inUse';
    default:
      return 'failed';
  }
}

const CONSTRAINTS: MediaStreamConstraints = {
  video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } },
  audio: true,
};

/**
 * The selfie video of KYC level two: the camera and microphone (`getUserMedia`), a live preview, a
 * `MediaRecorder` that stops by itself after `MAX_RECORDING_SECONDS`, and the recording to watch
 * before it is sent. The camera is turned off as soon as a recording ends and when the screen goes.
 */
export function useVideoRecorder() {
  const [state, setState] = useState<RecorderState>(() =>
    isRecordingSupported() ? { kind: 'idle' } : { kind: 'error', issue: 'unsupported' },
  );
  const [elapsed, setElapsed] = useState(0);
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const startedAt = useRef(0);
  const recordingUrl = useRef<string | null>(null);
  const mounted = useRef(true);

  const stopCamera = useCallback(() => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  }, []);

  const forgetRecording = useCallback(() => {
    if (recordingUrl.current) URL.revokeObjectURL(recordingUrl.current);
    recordingUrl.current = null;
  }, []);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (recorder.current && recorder.current.state !== 'inactive') {
        recorder.current.onstop = null;
        recorder.current.stop();
      }
      recorder.current = null;
      stopCamera();
      forgetRecording();
    };
  }, [stopCamera, forgetRecording]);

  /** Asks for the camera and microphone and shows the live picture (also "record again"). */
  const startCamera = useCallback(async () => {
    if (!isRecordingSupported()) {
      setState({ kind: 'error', issue: 'unsupported' });
      return;
    }
    forgetRecording();
    setState({ kind: 'starting' });
    try {
      const media = await navigator.mediaDevices.getUserMedia(CONSTRAINTS);
      if (!mounted.current) {
        media.getTracks().forEach((track) => track.stop());
        return;
      }
      stream.current = media;
      setState({ kind: 'live' });
    } catch (e) {
      if (mounted.current) setState({ kind: 'error', issue: recorderIssueOf(e) });
    }
  }, [forgetRecording]);

  const stopRecording = useCallback(() => {
    if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
  }, []);

  const startRecording = useCallback(() => {
    const media = stream.current;
    if (!media) return;
    const mimeType = pickVideoType();
    let r: MediaRecorder;
    try {
      r = new MediaRecorder(media, {
        ...(mimeType ? { mimeType } : {}),
        videoBitsPerSecond: 1_000_000,
        audioBitsPerSecond: 64_000,
      });
    } catch {
      setState({ kind: 'error', issue: 'unsupported' });
      return;
    }
    const chunks: Blob[] = [];
    r.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    r.onstop = () => {
      recorder.current = null;
      stopCamera();
      if (!mounted.current) return;
      const video = new Blob(chunks, { type: r.mimeType || mimeType || 'video/webm' });
      const url = URL.createObjectURL(video);
      recordingUrl.current = url;
      setState({ kind: 'recorded', video, url });
    };
    recorder.current = r;
    r.start(1000);
    startedAt.current = Date.now();
    setElapsed(0);
    setState({ kind: 'recording' });
  }, [stopCamera]);

  // The visible timer, and the automatic end.
  const isRecording = state.kind === 'recording';
  useEffect(() => {
    if (!isRecording) return;
    const tick = window.setInterval(() => {
      const seconds = Math.min(MAX_RECORDING_SECONDS, (Date.now() - startedAt.current) / 1000);
      setElapsed(seconds);
      if (seconds >= MAX_RECORDING_SECONDS) stopRecording();
    }, 250);
    return () => window.clearInterval(tick);
  }, [isRecording, stopRecording]);

  /** A callback ref for the live `<video>`: it shows the camera's stream. */
  const attachPreview = useCallback((el: HTMLVideoElement | null) => {
    if (el && el.srcObject !== stream.current) el.srcObject = stream.current;
  }, []);

  return { state, elapsed, startCamera, startRecording, stopRecording, attachPreview };
}
