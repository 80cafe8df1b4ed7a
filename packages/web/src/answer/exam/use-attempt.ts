import {
  EXAM_HEARTBEAT_SECONDS,
  type ExamAttempt,
  type ExamAttemptSync,
  type ExamClientEventKind,
  examGuardMessages,
} from "@wjgj/core/api/exam-guard";
import type { ForcedReason } from "@wjgj/core/pages/answer";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { SurveyExam } from "../components/survey.tsx";
import { type ApiOutcome, fieldErrorsOf } from "../lib/api.ts";
import {
  heartbeat,
  reportEvent,
  type SavedProgress,
  saveProgress,
  storedPending,
  storePending,
} from "./exam-api.ts";
import { type SaveOutcome, SaveQueue } from "./save-queue.ts";
import { serverClock } from "./server-clock.ts";

/** The closing words for an attempt the server no longer takes answers for. */
export function closingMessage(sync: ExamAttemptSync): string {
  if (sync.endedReason === "timeout") return examGuardMessages.examTimeUp;
  if (sync.endedReason === "invigilator") return examGuardMessages.examEndedByInvigilator;
  if (sync.endedReason === "tabSwitch") return examGuardMessages.examEndedByTabSwitch;
  return examGuardMessages.examAttemptOver;
}

const SAVE_DELAY_MS = 1000;
/** A deadline moved later by at least this much is the invigilator's 加时, said on the page. */
const EXTENSION_MS = 30_000;

/** Why the server handed the paper in, said on the thank-you screen, and the forced reason the page submits with. */
export interface HandedIn {
  line: string;
  forced: ForcedReason;
}

export interface AttemptControls {
  sync: ExamAttemptSync;
  /** The closing message once the server ended the attempt (or another device took it over). */
  closed: string | null;
  /**
   * The server handed the paper in (切屏 past the limit, time up before the page's own submit got through, the
   * invigilator's 收卷) and holds its response: the page asks for the reply, to show the thank-you screen a hand-in
   * by 交卷 shows (the score, 查看我的答卷), with the reason's line. Closed instead if that fails.
   */
  handedIn: HandedIn | null;
  /** 「监考老师为您延长了 N 分钟」, once time was added. */
  extension: string;
  /** The answers were handed in through the page (the thank-you screen shows). */
  finished: boolean;
  offline: boolean;
  survey: SurveyExam;
  report(kind: ExamClientEventKind, seconds?: number): Promise<ExamAttemptSync | null>;
}

/**
 * A running attempt: the server's clock, the heartbeat, answers saved as the candidate goes (kept through a
 * dropped connection) and the events the page reports. Every answer of the server may move the deadline or
 * end the attempt; the page follows it.
 */
export function useAttempt(publicId: string, attempt: ExamAttempt): AttemptControls {
  const clock = useMemo(() => serverClock(attempt.serverNow), [attempt]);
  const [sync, setSync] = useState<ExamAttemptSync>(attempt);
  const [closed, setClosed] = useState<string | null>(() =>
    attempt.status === "active" ? null : closingMessage(attempt),
  );
  const [handedIn, setHandedIn] = useState<HandedIn | null>(null);
  const [extension, setExtension] = useState("");
  const [finished, setFinished] = useState(false);
  const [offline, setOffline] = useState(false);
  const last = useRef<ExamAttemptSync>(attempt);
  const done = useRef(false);
  /** The page's own submit is in flight: an attempt reported over meanwhile may be over by that submit. */
  const submitting = useRef(false);
  /** The reply of the server's own hand-in: asked for (true) or asked for in vain (false); null before. */
  const fetchingReply = useRef<boolean | null>(null);
  const offlineSince = useRef<number | null>(null);
  const token = attempt.attemptToken;

  /**
   * Closes the page on an attempt the server says is over — unless the page's answers were handed in, or its own
   * submit is still travelling (that submit may be what ended it; it decides when it comes back).
   */
  const closeIfOver = useCallback((current: ExamAttemptSync) => {
    if (current.status === "active" || done.current || submitting.current || fetchingReply.current) return;
    // The paper is in the server's hands, not lost: its reply (the score, 查看我的答卷) is asked for once,
    // whoever ended it (切屏, time, the invigilator).
    if (current.responseId !== null && fetchingReply.current === null) {
      fetchingReply.current = true;
      setHandedIn({
        line: closingMessage(current),
        forced: current.endedReason === "tabSwitch" ? "tabSwitch" : "timeout",
      });
      return;
    }
    setClosed(closingMessage(current));
  }, []);

  const apply = useCallback(
    (next: ExamAttemptSync) => {
      clock.sync(next.serverNow);
      const before = last.current.deadline;
      if (before !== null && next.deadline !== null && next.deadline - before >= EXTENSION_MS)
        setExtension(`监考老师为您延长了 ${Math.round((next.deadline - before) / 60_000)} 分钟`);
      last.current = next;
      setSync(next);
      closeIfOver(next);
    },
    [clock, closeIfOver],
  );

  /** What a call's outcome means for the queue: a refused token ends the page's attempt. */
  const settle = useCallback(
    (outcome: ApiOutcome<ExamAttemptSync>): SaveOutcome => {
      if (outcome.ok) {
        apply(outcome.data);
        return outcome.data.status === "active" ? "saved" : "stop";
      }
      if (outcome.kind === "network") return "offline";
      // Taken over on another device, or over: the page stops (a refused value or a busy server does not).
      const refused = fieldErrorsOf(outcome.data).some((error) => error.field === "attemptToken");
      if (refused || outcome.code === 409 || outcome.code === 404) {
        if (!done.current) setClosed(outcome.msg);
        return "stop";
      }
      return "saved";
    },
    [apply],
  );

  const queue = useMemo(
    () =>
      new SaveQueue<SavedProgress>({
        send: async (progress) => settle(await saveProgress(token, progress)),
        delayMs: SAVE_DELAY_MS,
        setTimer: (run, ms) => window.setTimeout(run, ms),
        clearTimer: (timer) => window.clearTimeout(timer as number),
        onPending: (progress) => storePending(publicId, attempt.seed, progress),
      }),
    [settle, token, publicId, attempt.seed],
  );

  const report = useCallback(
    async (kind: ExamClientEventKind, seconds?: number) => {
      const outcome = await reportEvent(token, kind, seconds);
      if (!outcome.ok) return null;
      settle(outcome);
      return outcome.data;
    },
    [token, settle],
  );

  // Back online (the browser says so, or a call got through again): report the gap, then save at once.
  const handleBack = useCallback(() => {
    const since = offlineSince.current;
    offlineSince.current = null;
    setOffline(false);
    if (since !== null) {
      const seconds = Math.max(0, Math.round((performance.now() - since) / 1000));
      // The gap is said once, with `online`; `offline` marks when it began (reported late, as it could not be sooner).
      void report("offline").then(() => report("online", seconds));
    }
    queue.goOnline();
  }, [queue, report]);

  const handleGone = useCallback(() => {
    offlineSince.current ??= performance.now();
    setOffline(true);
    queue.goOffline();
  }, [queue]);

  useEffect(() => {
    if (closed !== null || finished || handedIn !== null) return;
    const beat = async () => {
      const outcome = await heartbeat(token);
      const result = settle(outcome);
      if (result === "offline") handleGone();
      else if (offlineSince.current !== null || queue.offline) handleBack();
    };
    const timer = window.setInterval(() => void beat(), EXAM_HEARTBEAT_SECONDS * 1000);
    window.addEventListener("offline", handleGone);
    window.addEventListener("online", handleBack);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("offline", handleGone);
      window.removeEventListener("online", handleBack);
    };
  }, [closed, finished, handedIn, token, settle, handleBack, handleGone, queue]);

  useEffect(() => {
    if (closed !== null || handedIn !== null) queue.stop();
  }, [closed, handedIn, queue]);

  // Progress the page could not send before it closed (offline) goes first; else the server's saved progress.
  const resume = useMemo<SavedProgress | null>(() => {
    const pending = storedPending(publicId, attempt.seed);
    if (pending) return pending;
    const saved = Object.keys(attempt.answers).length > 0 || attempt.pageId !== null;
    return saved ? { answers: attempt.answers, pageId: attempt.pageId, history: attempt.history } : null;
  }, [publicId, attempt]);

  const onProgress = useCallback(
    (progress: SavedProgress) => {
      if (!done.current) queue.push(progress);
    },
    [queue],
  );
  const onSubmitting = useCallback(
    (inFlight: boolean) => {
      submitting.current = inFlight;
      // The reply of the server's hand-in did not come: the page closes with its closing message.
      if (!inFlight && fetchingReply.current) fetchingReply.current = false;
      // The submit came back without storing: an end reported while it travelled stands.
      closeIfOver(last.current);
    },
    [closeIfOver],
  );
  const onSubmitted = useCallback(() => {
    done.current = true;
    queue.stop();
    storePending(publicId, attempt.seed, null);
    setFinished(true);
  }, [queue, publicId, attempt.seed]);

  const survey = useMemo<SurveyExam>(
    () => ({
      seed: attempt.seed,
      attemptToken: token,
      deadline: sync.deadline,
      now: clock.now,
      switches: sync.switches,
      resume,
      onProgress,
      onSubmitting,
      onSubmitted,
      handedIn,
    }),
    [
      attempt.seed,
      token,
      sync.deadline,
      sync.switches,
      clock,
      resume,
      onProgress,
      onSubmitting,
      onSubmitted,
      handedIn,
    ],
  );

  return { sync, closed, handedIn, extension, finished, offline, survey, report };
}
