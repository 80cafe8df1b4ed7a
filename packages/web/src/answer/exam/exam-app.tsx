import {
  type ExamAttempt,
  type ExamAttemptsUsedData,
  type ExamSignInResult,
  examGuardMessages,
  type PublicExamGuard,
} from "@wjgj/core/api/exam-guard";
import type { AnswerPageData, OpenData, PageView } from "@wjgj/core/pages/answer";
import type { SurveyDefinition } from "@wjgj/core/survey/index";
import { useEffect, useRef, useState } from "react";
import { Brand } from "../components/screens/brand.tsx";
import { Survey } from "../components/survey.tsx";
import { fieldErrorsOf } from "../lib/api.ts";
import { resolveDeviceId } from "../lib/ids.ts";
import { stopCamera } from "./camera.ts";
import { startAttempt, storedSignIn, storeSignIn } from "./exam-api.ts";
import { CopyGuarded, Proctored } from "./proctored.tsx";
import { ScoreLink, SignInScreen } from "./sign-in.tsx";
import { StartScreen } from "./start-screen.tsx";

type AnswerData = Extract<AnswerPageData, { page: "answer" }>;

export interface ExamAppProps {
  data: AnswerData;
  open: OpenData;
  initial: PageView | null;
  password?: string | undefined;
  consentVersion?: number | undefined;
}

type Step =
  | { kind: "signIn"; notice: string }
  | { kind: "start" }
  | { kind: "starting" }
  | { kind: "running"; attempt: ExamAttempt; open: OpenData & { definition: SurveyDefinition } }
  /** The server runs no attempt for this exam (its settings changed meanwhile): the questions as usual. */
  | { kind: "plain"; open: OpenData & { definition: SurveyDefinition } }
  | { kind: "closed"; message: string };

/** A start screen only when there is something to read, agree to or do first. */
const needsStartScreen = (guard: PublicExamGuard) => guard.candidatesOnly || guard.camera || guard.fullscreen;

function firstStep(open: OpenData, guard: PublicExamGuard): Step {
  if (open.gate === "candidate") return { kind: "signIn", notice: "" };
  return needsStartScreen(guard) ? { kind: "start" } : { kind: "starting" };
}

function storageOrNull(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

/**
 * 考试防作弊 on the answer page (issue #40): sign in (考生名单), the start screen, then the questions inside a
 * server-timed attempt with the proctoring the exam asks for. An exam that only blocks copying has no attempt:
 * its questions show at once, guarded.
 */
export function ExamApp(props: ExamAppProps) {
  const { open, data } = props;
  const guard = open.settings.examGuard as PublicExamGuard;
  const publicId = open.publicId;
  const [step, setStep] = useState<Step>(() => firstStep(open, guard));
  const [signedIn, setSignedIn] = useState<ExamSignInResult | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [resumed, setResumed] = useState(false);
  const stream = useRef<MediaStream | null>(null);
  const cameraDenied = useRef(false);

  const start = async (camera: MediaStream | null, candidate: ExamSignInResult | null) => {
    stream.current = camera;
    setBusy(true);
    setError("");
    const outcome = await startAttempt({
      publicId,
      deviceId: resolveDeviceId(storageOrNull(), data.deviceId),
      ...(candidate ? { candidateToken: candidate.candidateToken } : {}),
      ...(props.password ? { password: props.password } : {}),
    });
    setBusy(false);
    if (!outcome.ok) {
      if (
        candidate &&
        outcome.kind === "business" &&
        fieldErrorsOf(outcome.data).some((e) => e.field === "candidateToken")
      ) {
        // The sign-in ran out (or the list changed): sign in again.
        storeSignIn(publicId, null);
        setSignedIn(null);
        stopCamera(camera);
        return setStep({ kind: "signIn", notice: outcome.msg });
      }
      // No attempt left is final: the closed screen, not a start button that can only be refused again.
      const attemptsUsed =
        outcome.kind === "business" && (outcome.data as ExamAttemptsUsedData | null)?.attemptsLeft === 0;
      if (!needsStartScreen(guard) || attemptsUsed) {
        stopCamera(camera);
        return setStep({ kind: "closed", message: outcome.msg });
      }
      return setError(outcome.msg);
    }
    const { attempt, open: paper } = outcome.data;
    if (!paper.definition)
      return setStep({ kind: "closed", message: paper.stateMessage || "问卷暂时无法作答" });
    const ready = { ...paper, definition: paper.definition };
    if (!attempt) return setStep({ kind: "plain", open: ready });
    setResumed(Object.keys(attempt.answers).length > 0 || attempt.pageId !== null);
    setStep({ kind: "running", attempt, open: ready });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration
  useEffect(() => {
    if (step.kind === "starting") void start(null, null);
    if (step.kind === "signIn") {
      const remembered = storedSignIn(publicId);
      if (remembered) {
        setSignedIn(remembered);
        setStep({ kind: "start" });
      }
    }
  }, []);

  if (!guard.attempts) {
    // 禁止复制 alone: the questions as usual, guarded.
    const ready = open.definition ? { ...open, definition: open.definition } : null;
    if (!ready) return null;
    return (
      <CopyGuarded>
        <Survey
          open={ready}
          initial={props.initial}
          today={data.today}
          suggestedDeviceId={data.deviceId}
          password={props.password}
          consentVersion={props.consentVersion}
        />
      </CopyGuarded>
    );
  }

  if (step.kind === "signIn")
    return (
      <SignInScreen
        publicId={publicId}
        title={open.title}
        guard={guard}
        notice={step.notice}
        onSignedIn={(result) => {
          // Attempts used up: the closed screen now, not a 开始考试 that can only be refused.
          if (result.attemptsLeft === 0)
            return setStep({ kind: "closed", message: examGuardMessages.examAttemptsUsed });
          storeSignIn(publicId, result);
          setSignedIn(result);
          setStep({ kind: "start" });
        }}
      />
    );
  if (step.kind === "start")
    return (
      <StartScreen
        title={open.title}
        guard={guard}
        timeLimit={guard.timeLimitMinutes ?? open.definition?.settings.exam?.timeLimitMinutes}
        tabLimit={open.settings.tabSwitchLimit}
        candidate={signedIn?.candidate ?? null}
        busy={busy}
        error={error}
        onCameraDenied={() => {
          cameraDenied.current = true;
        }}
        onStart={(camera) => {
          // Full screen first, while the click still counts as the candidate's gesture.
          if (guard.fullscreen) void document.documentElement.requestFullscreen?.().catch(() => undefined);
          void start(camera, signedIn);
        }}
        onSignOut={
          signedIn
            ? () => {
                storeSignIn(publicId, null);
                setSignedIn(null);
                setStep({ kind: "signIn", notice: "" });
              }
            : undefined
        }
      />
    );
  if (step.kind === "starting")
    return (
      <main className="wa-page">
        <div className="wa-loading">正在进入考试…</div>
      </main>
    );
  if (step.kind === "closed") return <ClosedScreen title={open.title} message={step.message} />;
  if (step.kind === "plain")
    return (
      <Survey
        open={step.open}
        initial={null}
        today={data.today}
        suggestedDeviceId={data.deviceId}
        password={props.password}
        consentVersion={props.consentVersion}
      />
    );
  return (
    <Proctored
      guard={guard}
      publicId={publicId}
      attempt={step.attempt}
      stream={stream.current}
      cameraDenied={cameraDenied.current}
      resumed={resumed}
      tabLimit={open.settings.tabSwitchLimit}
      closedScreen={(message) => (
        <ClosedScreen title={open.title} message={message} review={guard.review} publicId={publicId} />
      )}
    >
      {(exam) => (
        <Survey
          open={step.open}
          initial={null}
          today={data.today}
          suggestedDeviceId={data.deviceId}
          password={props.password}
          consentVersion={props.consentVersion}
          exam={exam}
        />
      )}
    </Proctored>
  );
}

/** The attempt is over (time up, ended by the invigilator, too many switches, taken over elsewhere). */
export function ClosedScreen(props: { title: string; message: string; review?: boolean; publicId?: string }) {
  return (
    <main className="wa-page wa-status" data-testid="exam-closed">
      <div className="wa-status-icon" aria-hidden="true">
        ✓
      </div>
      {/* This candidate's exam: the exam itself may still be open to others. */}
      <h1 className="wa-status-title">您的考试已结束</h1>
      <p className="wa-status-name">{props.title}</p>
      <p className="wa-status-msg" role="status">
        {props.message}
      </p>
      {props.review && props.publicId ? <ScoreLink publicId={props.publicId} /> : null}
      <Brand />
    </main>
  );
}
