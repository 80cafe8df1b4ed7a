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

/** The next snapshot after a random pause around `minutes` (between half and one and a half of it). */
export function nextSnapshotDelay(minutes: number, random: () => number = Math.random): number {
  return Math.round(minutes * 60_000 * (0.5 + random()));
}
