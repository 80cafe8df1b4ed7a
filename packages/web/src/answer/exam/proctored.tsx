import type { ExamAttempt, PublicExamGuard } from "@wjgj/core/api/exam-guard";
import { type ReactNode, useEffect, useRef, useState } from "react";
import type { SurveyExam } from "../components/survey.tsx";
import { stopCamera } from "./camera.ts";
import { blockCopy } from "./copy-blocker.ts";
import { CameraCorner, enterFullscreen, FullscreenModal, Watermark } from "./proctor-parts.tsx";
import { useAttempt } from "./use-attempt.ts";

const COPY_NOTICE = "考试中禁止复制粘贴";
/** A blocked copy is reported at most this often (a held Ctrl+C is one try, not fifty). */
const COPY_REPORT_MS = 10_000;
/** Leaving the tab in full screen also leaves full screen: one switch, not two. */
const SAME_LEAVE_MS = 1500;

/** A short notice that goes by itself. */
function useFlash(): [string, (text: string) => void] {
  const [text, setText] = useState("");
  const timer = useRef(0);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return [
    text,
    (next) => {
      setText(next);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setText(""), 4000);
    },
  ];
}

/** 禁止复制 without an attempt (an exam that only blocks copying): the notice, nothing reported. */
export function CopyGuarded(props: { children: ReactNode }) {
  const [flash, setFlash] = useFlash();
  // biome-ignore lint/correctness/useExhaustiveDependencies: installed once
  useEffect(() => blockCopy(document, () => setFlash(COPY_NOTICE)), []);
  return (
    <div className="wa-no-copy">
      {props.children}
      <Toasts items={[flash]} />
    </div>
  );
}

function Toasts(props: { items: string[] }) {
  const shown = props.items.filter(Boolean);
  return (
    <div className="wa-exam-toasts" role="status" aria-live="polite">
      {shown.map((text) => (
        <p key={text} className="wa-exam-toast">
          {text}
        </p>
      ))}
    </div>
  );
}

/**
 * The questions inside a running attempt, with the proctoring the exam asks for: page leaves and full-screen
 * exits reported (the server counts them and may end the attempt), copying blocked, the watermark, the camera.
 */
export function Proctored(props: {
  guard: PublicExamGuard;
  publicId: string;
  attempt: ExamAttempt;
  stream: MediaStream | null;
  cameraDenied: boolean;
  resumed: boolean;
  tabLimit: number;
  closedScreen(message: string): ReactNode;
  children(exam: SurveyExam): ReactNode;
}) {
  const { guard, attempt } = props;
  const controls = useAttempt(props.publicId, attempt);
  const { report, closed, finished, handedIn } = controls;
  // Handed in by the server (切屏): nothing is watched while the page fetches its reply.
  const active = closed === null && !finished && handedIn === null;
  const [flash, setFlash] = useFlash();
  const [leaveNotice, setLeaveNotice] = useState("");
  const [fullscreenExits, setFullscreenExits] = useState<number | null>(null);
  const [cameraLost, setCameraLost] = useState(false);
  const lastLeave = useRef(-Infinity);
  const lastCopy = useRef(-Infinity);
  const inFullscreen = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: what happened before the attempt, reported once
  useEffect(() => {
    if (props.resumed) setFlash("已恢复上次的作答进度");
    if (props.cameraDenied) void report("cameraDenied");
    if (props.stream) void report("cameraConsent");
  }, []);

  // Page leaves: the server counts them (with full-screen exits) and hands the paper in past the limit.
  useEffect(() => {
    if (!active) return;
    const limit = props.tabLimit > 0 ? `，超过 ${props.tabLimit} 次将自动交卷` : "";
    const handleVisibility = () => {
      if (document.visibilityState !== "hidden") return;
      if (performance.now() - lastLeave.current < SAME_LEAVE_MS) return;
      lastLeave.current = performance.now();
      void report("switch").then((sync) => {
        // Counted for the invigilator either way; the candidate is warned where a limit hands the paper in.
        if (sync && props.tabLimit > 0)
          setLeaveNotice(`检测到您离开了答题页面（第 ${sync.switches} 次${limit}）`);
      });
    };
    document.addEventListener("visibilitychange", handleVisibility);
    return () => document.removeEventListener("visibilitychange", handleVisibility);
  }, [active, report, props.tabLimit]);

  useEffect(() => {
    if (!active || !guard.fullscreen) return;
    inFullscreen.current = document.fullscreenElement !== null;
    const handleChange = () => {
      if (document.fullscreenElement) {
        inFullscreen.current = true;
        setFullscreenExits(null);
        return;
      }
      // Only a page that was in full screen can leave it (an iPhone's Safari never is).
      if (!inFullscreen.current) return;
      inFullscreen.current = false;
      const sameLeave = performance.now() - lastLeave.current < SAME_LEAVE_MS;
      lastLeave.current = performance.now();
      if (sameLeave) return setFullscreenExits(controls.sync.switches);
      void report("fullscreenExit").then((sync) =>
        setFullscreenExits(sync ? sync.switches : controls.sync.switches + 1),
      );
    };
    document.addEventListener("fullscreenchange", handleChange);
    return () => document.removeEventListener("fullscreenchange", handleChange);
  }, [active, guard.fullscreen, report, controls.sync.switches]);

  useEffect(() => {
    if (!active || !guard.blockCopy) return;
    return blockCopy(document, () => {
      setFlash(COPY_NOTICE);
      if (performance.now() - lastCopy.current < COPY_REPORT_MS) return;
      lastCopy.current = performance.now();
      void report("copy");
    });
  }, [active, guard.blockCopy, report, setFlash]);

  // Over (handed in, ended, taken over elsewhere): the camera goes off and the page leaves full screen.
  useEffect(() => {
    if (active) return;
    stopCamera(props.stream);
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  }, [active, props.stream]);

  if (closed !== null) return props.closedScreen(closed);
  const notices = [
    controls.extension,
    controls.offline ? "网络已断开，答案已保存在本机，网络恢复后自动同步" : "",
    cameraLost ? "摄像头已中断，请检查摄像头连接" : "",
    active ? leaveNotice : "",
    flash,
  ];
  return (
    <div className={`${guard.blockCopy ? "wa-no-copy" : ""}${guard.camera ? " wa-exam-filmed" : ""}`}>
      {props.children(controls.survey)}
      {active ? (
        <>
          <Toasts items={notices} />
          {guard.watermark && attempt.candidate ? <Watermark candidate={attempt.candidate} /> : null}
          {guard.camera && props.stream ? (
            <CameraCorner
              stream={props.stream}
              attemptToken={attempt.attemptToken}
              minutes={guard.snapshotMinutes}
              onLost={() => {
                setCameraLost(true);
                void report("cameraLost");
              }}
            />
          ) : null}
          {fullscreenExits !== null ? (
            <FullscreenModal
              count={fullscreenExits}
              limit={props.tabLimit}
              onReturn={() => void enterFullscreen()}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
