import type { ExamCandidateSelf, PublicExamGuard } from "@wjgj/core/api/exam-guard";
import { examGuardMessages } from "@wjgj/core/api/exam-guard";
import { useEffect, useRef, useState } from "react";
import { Brand } from "../components/screens/brand.tsx";
import { openCamera, stopCamera } from "./camera.ts";

/** The exam's rules, as the candidate reads them before starting. */
function rulesOf(guard: PublicExamGuard, timeLimit: number | undefined, tabLimit: number): string[] {
  const rules: string[] = [];
  if (timeLimit) rules.push(`考试时长 ${timeLimit} 分钟，点击“开始考试”后开始计时，中途退出不暂停计时`);
  if (tabLimit > 0) rules.push(`离开答题页面超过 ${tabLimit} 次将自动交卷`);
  if (guard.fullscreen) rules.push("须全屏作答，退出全屏计为离开答题页面一次");
  if (guard.blockCopy) rules.push("考试中禁止复制、粘贴题目和答案");
  if (guard.watermark) rules.push("答题页面显示您的姓名和准考证号水印");
  if (guard.camera) rules.push("考试全程开启摄像头监考，并随机抓拍照片");
  rules.push("作答会自动保存，网络中断或页面关闭后重新进入可继续作答");
  return rules;
}

/**
 * Before the questions: the rules, the camera's consent with a live preview, and 开始考试 (the click that
 * may take the page to full screen, which browsers allow only in answer to a gesture).
 */
export function StartScreen(props: {
  title: string;
  guard: PublicExamGuard;
  timeLimit: number | undefined;
  tabLimit: number;
  candidate: ExamCandidateSelf | null;
  busy: boolean;
  error: string;
  onStart(stream: MediaStream | null): void;
  onCameraDenied(): void;
  onSignOut?: (() => void) | undefined;
}) {
  const { guard } = props;
  const [consent, setConsent] = useState(false);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [cameraError, setCameraError] = useState("");
  const video = useRef<HTMLVideoElement>(null);
  const handedOver = useRef(false);

  useEffect(() => {
    if (video.current && stream) video.current.srcObject = stream;
  }, [stream]);
  // The stream goes on into the exam; left here (going back to sign in), it is stopped.
  useEffect(
    () => () => {
      if (!handedOver.current) stopCamera(stream);
    },
    [stream],
  );

  const handleConsent = async (checked: boolean) => {
    setConsent(checked);
    if (!checked) {
      stopCamera(stream);
      setStream(null);
      return;
    }
    setCameraError("");
    try {
      setStream(await openCamera());
    } catch {
      setConsent(false);
      setCameraError(examGuardMessages.examCameraRequired);
      props.onCameraDenied();
    }
  };

  const ready = !guard.camera || stream !== null;
  const message = cameraError || props.error;
  return (
    <main className="wa-page wa-gate wa-exam-start" data-testid="exam-start">
      <h1 className="wa-gate-title">{props.title}</h1>
      {props.candidate ? (
        <p className="wa-status-name">{`考生：${props.candidate.name}（${props.candidate.number}）`}</p>
      ) : null}
      <div className="wa-gate-form">
        <h2 className="wa-consent-heading">考试须知</h2>
        <ul className="wa-exam-rules">
          {rulesOf(guard, props.timeLimit, props.tabLimit).map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
        {guard.camera ? (
          <>
            <div className="wa-consent-check wa-exam-consent">
              <input
                id="wa-exam-camera"
                type="checkbox"
                checked={consent}
                onChange={(event) => void handleConsent(event.target.checked)}
              />
              <label htmlFor="wa-exam-camera">我同意在考试期间开启摄像头，照片仅供监考老师查看</label>
            </div>
            {stream ? (
              <video
                ref={video}
                className="wa-exam-preview"
                autoPlay
                muted
                playsInline
                aria-label="摄像头画面预览"
              />
            ) : null}
          </>
        ) : null}
        {message ? (
          <p className="wa-error" role="alert">
            {message}
          </p>
        ) : null}
        <button
          type="button"
          className="wa-btn wa-btn-block"
          disabled={props.busy || !ready}
          onClick={() => {
            handedOver.current = true;
            props.onStart(stream);
          }}
        >
          {props.busy ? "正在进入考试…" : "开始考试"}
        </button>
        {props.onSignOut ? (
          <button type="button" className="wa-link" onClick={props.onSignOut}>
            不是本人？重新登录
          </button>
        ) : null}
      </div>
      <Brand />
    </main>
  );
}
