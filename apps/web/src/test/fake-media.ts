import { vi } from 'vitest';

/*
 * A camera and a recorder for jsdom, which has neither: `withCamera()` gives the page
 * `navigator.mediaDevices.getUserMedia` (a stream whose tracks record `stop`) and a MediaRecorder
 * that yields one chunk of WebM on stop.
 */

/** The browser's MediaRecorder, as far as the recorder uses it: one chunk of video on stop. */
export class FakeMediaRecorder {
  static isTypeSupported = (type: string) => type.startsWith('video/webm');
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(_stream: MediaStream, options?: { mimeType?: string }) {
    this.mimeType = options?.mimeType ?? 'video/webm';
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob([new Uint8Array(2048)], { type: this.mimeType }) });
    this.onstop?.();
  }
}

export const stopTrack = vi.fn();
export const getUserMedia = vi.fn<(c: MediaStreamConstraints) => Promise<MediaStream>>();

/** Before each test: a camera that answers, no call recorded. */
export function resetCamera(): void {
  getUserMedia.mockReset();
  stopTrack.mockReset();
  getUserMedia.mockResolvedValue({ getTracks: () => [{ stop: stopTrack }] } as unknown as MediaStream);
}

/** The page may use the camera (MediaRecorder is stubbed: undo with `vi.unstubAllGlobals()`). */
export function withCamera(): void {
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
}

/** Back to jsdom's browser without a camera. */
export function removeCamera(): void {
  delete (navigator as { mediaDevices?: unknown }).mediaDevices;
}
