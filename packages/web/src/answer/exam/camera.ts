/** The webcam for 摄像头监考: a small stream, enough for a 320×240 snapshot. */
export function openCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) return Promise.reject(new Error("no camera"));
  return navigator.mediaDevices.getUserMedia({
    video: { width: { ideal: 320 }, height: { ideal: 240 }, facingMode: "user" },
    audio: false,
  });
}

export function stopCamera(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** The video's current frame as a 320×240 JPEG (null when the camera has no frame yet). */
export function snapshotOf(video: HTMLVideoElement): Promise<Blob | null> {
  if (video.readyState < 2 || video.videoWidth === 0) return Promise.resolve(null);
  const canvas = document.createElement("canvas");
  canvas.width = 320;
  canvas.height = 240;
  const context = canvas.getContext("2d");
  if (!context) return Promise.resolve(null);
  context.drawImage(video, 0, 0, 320, 240);
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.7));
}

/**
 * Resolves once the video has shown `frames` frames: a camera's first frames are often black (exposure still
 * settling, or no picture yet), so the first snapshot waits for them. Without requestVideoFrameCallback, half a
 * second after the video plays.
 */
export function afterFrames(video: HTMLVideoElement, frames = 10): Promise<void> {
  return new Promise((resolve) => {
    if (typeof video.requestVideoFrameCallback !== "function") {
      const settle = () => window.setTimeout(resolve, 500);
      if (!video.paused && video.readyState >= 2) settle();
      else video.addEventListener("playing", settle, { once: true });
      return;
    }
    let left = frames;
    const next = () => {
      left -= 1;
      if (left <= 0) resolve();
      else video.requestVideoFrameCallback(next);
    };
    video.requestVideoFrameCallback(next);
  });
}

/** The next snapshot after a random pause around `minutes` (between half and one and a half of it). */
export function nextSnapshotDelay(minutes: number, random: () => number = Math.random): number {
  return Math.round(minutes * 60_000 * (0.5 + random()));
}
