import type { ExamCandidateSelf } from "@wjgj/core/api/exam-guard";
import { useEffect, useRef } from "react";
import { useDialog } from "../components/a11y/use-dialog.ts";
import { afterFrames, nextSnapshotDelay, snapshotOf } from "./camera.ts";
import { uploadSnapshot } from "./exam-api.ts";

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** 水印: the candidate's name and number tiled over the page, faint, above everything but never in the way. */
export function Watermark(props: { candidate: ExamCandidateSelf }) {
  const text = escapeXml(`${props.candidate.name} ${props.candidate.number}`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="150"><text x="20" y="90" transform="rotate(-20 120 75)" font-size="15" font-family="sans-serif" fill="rgba(0,0,0,0.07)">${text}</text></svg>`;
  return (
    <div
      className="wa-exam-watermark"
      aria-hidden="true"
      data-testid="exam-watermark"
      data-text={`${props.candidate.name} ${props.candidate.number}`}
      style={{ backgroundImage: `url("data:image/svg+xml,${encodeURIComponent(svg)}")` }}
    />
  );
}

/**
 * 摄像头监考: the camera in a corner (the candidate sees it is on), a snapshot at once and then at random
 * intervals around `minutes`; a stream that stops (unplugged, taken by another app) is reported.
 */
export function CameraCorner(props: {
  stream: MediaStream;
  attemptToken: string;
  minutes: number;
  onLost(): void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const lost = useRef(props.onLost);
  lost.current = props.onLost;

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    element.srcObject = props.stream;
    let timer = 0;
    let alive = true;
    const take = async () => {
      const image = await snapshotOf(element);
      if (image && alive) await uploadSnapshot(props.attemptToken, image);
    };
    const schedule = () => {
      timer = window.setTimeout(() => {
        void take().finally(() => {
          if (alive) schedule();
        });
      }, nextSnapshotDelay(props.minutes));
    };
    // The first snapshot once the camera shows a picture (its first frames are often black).
    void afterFrames(element).then(() => {
      if (alive) void take().finally(schedule);
    });
    const handleEnded = () => lost.current();
    const tracks = props.stream.getVideoTracks();
    for (const track of tracks) track.addEventListener("ended", handleEnded);
    return () => {
      alive = false;
      window.clearTimeout(timer);
      for (const track of tracks) track.removeEventListener("ended", handleEnded);
    };
  }, [props.stream, props.attemptToken, props.minutes]);

  return (
    <div className="wa-exam-camera" data-testid="exam-camera">
      <video ref={video} autoPlay muted playsInline aria-label="监考摄像头画面" />
      <span>摄像头监考中</span>
    </div>
  );
}

/** Left full screen: the way back (a button, since browsers enter full screen only on a gesture). */
export function FullscreenModal(props: { count: number; limit: number; onReturn(): void }) {
  const dialog = useDialog(props.onReturn);
  const limit = props.limit > 0 ? `，超过 ${props.limit} 次将自动交卷` : "";
  return (
    <div className="wa-sheet wa-exam-modal">
      <div
        ref={dialog}
        className="wa-sheet-body wa-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="wa-exam-fs-title"
        tabIndex={-1}
      >
        <h2 id="wa-exam-fs-title" className="wa-sheet-title wa-sheet-heading">
          {`请返回全屏继续作答（第 ${props.count} 次${limit}）`}
        </h2>
        <div className="wa-sheet-actions">
          <button type="button" className="wa-btn" onClick={props.onReturn}>
            返回全屏
          </button>
        </div>
      </div>
    </div>
  );
}

/** The page in full screen; false where the browser cannot (an iPhone's Safari), so the exam goes on without. */
export function enterFullscreen(): Promise<boolean> {
  const root = document.documentElement;
  if (!document.fullscreenEnabled || !root.requestFullscreen) return Promise.resolve(false);
  return root.requestFullscreen({ navigationUI: "hide" }).then(
    () => true,
    () => false,
  );
}
