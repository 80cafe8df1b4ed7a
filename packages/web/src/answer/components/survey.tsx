import type { ForcedReason, OpenData, PageView, SubmitReply } from "@wjgj/core/pages/answer";
import type { SurveyDefinition } from "@wjgj/core/survey/index";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useAnswering } from "../hooks/use-answering.ts";
import { useCountdown } from "../hooks/use-countdown.ts";
import { useDeviceId } from "../hooks/use-device-id.ts";
import { useDraft } from "../hooks/use-draft.ts";
import { usePages } from "../hooks/use-pages.ts";
import { detectSource, type SubmitPayload, useSubmit } from "../hooks/use-submit.ts";
import { useTabSwitches } from "../hooks/use-tab-switches.ts";
import { fieldErrorsOf } from "../lib/api.ts";
import { HydrateLater } from "../lib/hydrate-later.tsx";
import { indexDefinition, isAnswerable } from "../lib/view.ts";
import { HandInConfirm } from "./hand-in-confirm.tsx";
import { QuestionCard } from "./question-card.tsx";
import { Brand } from "./screens/brand.tsx";
import { ActionBar, ExamBar, Frame, ProgressBar, SurveyHeader } from "./survey-parts.tsx";

/**
 * The thank-you screen is a chunk of its own (the answer page's first download, issue #37), fetched once the
 * page has hydrated, so it is here when a submit succeeds; should it not come, a plain 提交成功 stands in.
 */
const loadThankYou = () =>
  import("./screens/thank-you.tsx")
    .then((module) => ({ default: module.ThankYou }))
    .catch(() => ({ default: PlainThankYou }));
const ThankYou = lazy(loadThankYou);
/** 继续上次填写？ appears only when a draft was found, after hydration: a chunk of its own too. */
const DraftPrompt = lazy(() =>
  import("./screens/draft-prompt.tsx").then((module) => ({ default: module.DraftPrompt })),
);

/** Inside the page's Frame, which is already the page (`main.wa-page`). */
function PlainThankYou() {
  return (
    <div className="wa-done" data-testid="thank-you">
      <h1 className="wa-status-title">提交成功</h1>
      <p className="wa-status-msg">感谢您的参与！</p>
    </div>
  );
}

export interface SurveyProps {
  open: OpenData & { definition: SurveyDefinition };
  initial: PageView | null;
  today: string;
  suggestedDeviceId: string;
  preview?: { frame: "pc" | "phone" } | undefined;
  password?: string | undefined;
  /** 同意隐私政策: the version agreed to, sent with the submission. */
  consentVersion?: number | undefined;
  /** The server refused the consent (its words changed since): the page asks again. */
  onConsentRefused?: ((message: string) => void) | undefined;
  /** A server-timed exam attempt (answer/exam/, issue #40): its paper, clock, saving and switch count. */
  exam?: SurveyExam | undefined;
}

type Progress = { answers: Record<string, unknown>; pageId: string | null; history: string[] };

export interface SurveyExam {
  /** The attempt's seed: the device id its paper and shuffles are drawn with. */
  seed: string;
  attemptToken: string;
  /** Server epoch ms when time is up; null without a time limit. */
  deadline: number | null;
  /** The server's clock now (never the device's Date.now). */
  now(): number;
  /** Page leaves and full-screen exits as the server counts them. */
  switches: number;
  /** Progress saved on the server, restored once (a resumed attempt). */
  resume: Progress | null;
  onProgress(progress: Progress): void;
  /** The page's own submit is on its way (true) or came back without storing (false). */
  onSubmitting?(inFlight: boolean): void;
  onSubmitted(): void;
  /**
   * The server handed the paper in itself (切屏 past the limit, time up, the invigilator) and holds its response:
   * the page submits once more, which the server answers with that response (score, 查看我的答卷), and shows
   * `line` with it.
   */
  handedIn?: { line: string; forced: ForcedReason } | null;
}

const MAX_DURATION = 7 * 86_400 - 1;

/** Said on the thank-you screen of a paper the page handed in by itself. */
const FORCED_LINES: Record<ForcedReason, string> = {
  timeout: "考试时间已到，已自动交卷",
  tabSwitch: "离开答题页面的次数超过限制，已自动交卷",
};

const scrollBehavior = (): ScrollBehavior =>
  window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";

function scrollToQuestion(id: string | undefined) {
  if (typeof window === "undefined") return;
  requestAnimationFrame(() => {
    const target = id ? document.getElementById(`q-${id}`) : null;
    if (target) target.scrollIntoView({ behavior: scrollBehavior(), block: "center" });
    else window.scrollTo({ top: 0, behavior: scrollBehavior() });
  });
}

/**
 * Focus on the first control of a question in error (after the page with it has rendered), so keyboard and
 * screen-reader users land where the problem is; its aria-describedby then reads the message.
 */
function focusQuestion(id: string) {
  if (typeof window === "undefined") return;
  requestAnimationFrame(() => {
    const card = document.getElementById(`q-${id}`);
    const control = card?.querySelector<HTMLElement>(
      "[aria-invalid='true']:not([role='group']):not([role='radiogroup']), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])",
    );
    const radio = control?.closest("[role='radiogroup']")?.querySelector<HTMLElement>("input:checked");
    const target = radio ?? control;
    if (!target) return;
    target.focus({ preventScroll: true });
    // The hidden native inputs of styled options are not where the eye is: scroll their card instead.
    (card ?? target).scrollIntoView({ behavior: scrollBehavior(), block: "center" });
  });
}

/** The answering page: pages of questions with live logic, draft, exam clock and the guarded submit. */
export function Survey({
  open,
  initial,
  today,
  suggestedDeviceId,
  preview,
  password,
  consentVersion,
  onConsentRefused,
  exam,
}: SurveyProps) {
  const { definition, settings } = open;
  const index = indexDefinition(definition);
  const isExam = definition.kind === "exam" || definition.kind === "knowledge";
  const device = useDeviceId(suggestedDeviceId).deviceId;
  const deviceId = exam ? exam.seed : device;
  const answering = useAnswering(definition, today, deviceId, initial);
  const pages = usePages(answering.view);
  const draft = useDraft(open.publicId, open.revisionId, !preview && !exam, isExam);
  const { phase, controller } = useSubmit(open.publicId);
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState("");
  const [reply, setReply] = useState<SubmitReply | null>(null);
  const [submitted, setSubmitted] = useState<Record<string, unknown>>({});
  /** Why the paper was handed in without the candidate's 交卷 (time up, 切屏), for the thank-you screen. */
  const [handInLine, setHandInLine] = useState("");
  const [waiting, setWaiting] = useState(false);
  /** 交卷 asked once more: the number of shown questions still unanswered, while the question is open. */
  const [confirming, setConfirming] = useState<number | null>(null);
  // A candidate hands in (交卷), a voter votes (投票); everyone else submits.
  const submitWord = isExam ? "交卷" : definition.kind === "vote" ? "投票" : "提交";
  // The server's markup has the buttons off; they come on in the render right after hydration.
  const live = useHydrated();
  // Hydrated: the thank-you screen's chunk comes now, while the respondent answers.
  useEffect(() => {
    if (live) void loadThankYou();
  }, [live]);

  const members = useMemo(
    () =>
      new Set(
        definition.pages.flatMap((page) =>
          page.questions.flatMap((q) => (q.type === "group" ? q.config.memberIds : [])),
        ),
      ),
    [definition],
  );
  const answerToken = open.answerToken ?? "";
  const context = { publicId: open.publicId, answerToken, preview: Boolean(preview) };

  const { answers } = answering;
  const { current, history } = pages;
  const save = draft.save;
  const restore = (saved: Progress | null) => {
    if (!saved) return;
    answering.replaceAnswers(saved.answers);
    if (saved.pageId) pages.goTo(saved.pageId, saved.history);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: a resumed attempt's progress, restored once
  useEffect(() => restore(exam?.resume ?? null), []);
  const onProgress = exam?.onProgress;
  useEffect(() => {
    const timer = setTimeout(() => save({ answers, pageId: current, history }), 300);
    onProgress?.({ answers, pageId: current, history });
    return () => clearTimeout(timer);
  }, [answers, current, history, save, onProgress]);

  const reveal = (ids: readonly string[]) =>
    setRevealed((before) => (ids.every((id) => before.has(id)) ? before : new Set([...before, ...ids])));

  const idsOnPage = (view: PageView, pageId: string | null) =>
    view.visibleQuestions.filter((id) => index.pageOf.get(id) === pageId);

  /**
   * Shows the errors of `view` on the first page that has any, says how many there are and focuses the
   * first; false when there are none.
   */
  const showErrors = (view: PageView, scope: readonly string[]) => {
    const wrong = scope.filter((id) => (view.errors[id]?.length ?? 0) > 0);
    if (wrong.length === 0) return false;
    reveal(wrong);
    setNotice(
      wrong.length === 1
        ? "有 1 道题未完成或填写有误，已定位到该题"
        : `有 ${wrong.length} 道题未完成或填写有误，已定位到第一题`,
    );
    const firstPage = index.pageOf.get(wrong[0] ?? "");
    if (firstPage && firstPage !== pages.current)
      pages.goTo(
        firstPage,
        history.filter((id) => id !== firstPage),
      );
    focusQuestion(wrong[0] ?? "");
    return true;
  };

  const ensureView = async () => {
    if (answering.ready && answering.view) return answering.view;
    setWaiting(true);
    const view = await answering.whenReady();
    setWaiting(false);
    return view;
  };

  const handleNext = async () => {
    const view = await ensureView();
    if (showErrors(view, idsOnPage(view, pages.current))) return;
    setNotice("");
    if (pages.nextId) {
      pages.goNext(pages.nextId);
      scrollToQuestion(undefined);
    }
  };

  /** The shown questions a respondent answers (not paragraphs, dividers or groups). */
  const answerableIn = (view: PageView) =>
    view.visibleQuestions.filter((id) => isAnswerable(index.questions.get(id)?.type ?? ""));

  const handleSubmit = async (forced?: ForcedReason, line = forced ? FORCED_LINES[forced] : "") => {
    // Time up or too many switches while 确定交卷吗 is open: the paper goes without the answer.
    if (forced) setConfirming(null);
    if (controller.inFlight || reply) return;
    const view = await ensureView();
    if (!forced && showErrors(view, view.visibleQuestions)) return;
    setNotice("");
    const started = draft.startedAt ?? Date.now();
    const payload: SubmitPayload = {
      publicId: open.publicId,
      revisionId: open.revisionId ?? open.draftVersion ?? 1,
      answers: view.answers,
      durationSeconds: Math.min(MAX_DURATION, Math.max(0, Math.round((Date.now() - started) / 1000))),
      deviceId: deviceId ?? suggestedDeviceId,
      source: detectSource(window.location.search, navigator.userAgent),
      answerToken,
      ...(exam ? { attemptToken: exam.attemptToken } : {}),
      ...(password ? { password } : {}),
      ...(consentVersion ? { consentVersion } : {}),
      ...(preview ? { preview: true } : {}),
      ...(forced ? { forced } : {}),
    };
    // While it travels, the attempt's other calls may come back saying it ended (by this very submit).
    exam?.onSubmitting?.(true);
    const result = await controller.submit(payload);
    if (result?.kind !== "done") exam?.onSubmitting?.(false);
    if (!result) return;
    if (result.kind === "done") {
      draft.clear();
      exam?.onSubmitted();
      setSubmitted(view.answers);
      setHandInLine(line);
      setReply(result.reply);
      scrollToQuestion(undefined);
    } else if (result.kind === "offline") {
      setNotice(`网络异常，答卷尚未确认提交。请检查网络后再次点击“${submitWord}”，不会重复提交。`);
    } else if (result.code === 303) {
      window.location.assign(`/Loginone?redirect=${encodeURIComponent(window.location.pathname)}`);
    } else {
      const fields = fieldErrorsOf(result.data);
      if (onConsentRefused && fields.some((field) => field.field === "consentVersion")) {
        onConsentRefused(result.msg);
        return;
      }
      const byQuestion: Record<string, string> = {};
      for (const { field, message } of fields) {
        const id = field.split(".")[1];
        if (field.startsWith("answers.") && id) byQuestion[id] ??= message;
      }
      setServerErrors(byQuestion);
      setNotice(result.msg);
      const first = Object.keys(byQuestion)[0];
      if (first) {
        reveal(Object.keys(byQuestion));
        const page = index.pageOf.get(first);
        if (page && page !== pages.current) pages.goTo(page, history);
        focusQuestion(first);
      } else scrollToQuestion(undefined);
    }
  };

  /** An exam's 交卷 asks first (once its answers pass the checks); a survey's 提交 goes at once. */
  const handleSubmitClick = async () => {
    if (!isExam) return handleSubmit();
    if (controller.inFlight || reply) return;
    const view = await ensureView();
    if (showErrors(view, view.visibleQuestions)) return;
    setNotice("");
    setConfirming(answerableIn(view).filter((id) => view.answers[id] === undefined).length);
  };

  const handleConfirm = () => {
    setConfirming(null);
    void handleSubmit();
  };

  const handedIn = exam?.handedIn ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once for the hand-in the server reported
  useEffect(() => {
    if (handedIn) void handleSubmit(handedIn.forced, handedIn.line);
  }, [handedIn]);

  const limitMinutes = definition.settings.exam?.timeLimitMinutes;
  const deadline = exam
    ? reply
      ? null
      : exam.deadline
    : limitMinutes && draft.startedAt !== null && !reply && !draft.prompt
      ? draft.startedAt + limitMinutes * 60_000
      : null;
  const secondsLeft = useCountdown(deadline, () => void handleSubmit("timeout"), exam?.now);
  const tabLimit = settings.tabSwitchLimit;
  // An attempt's switches are reported to and counted by the server (answer/exam/).
  useTabSwitches(tabLimit > 0 && !reply && !draft.prompt && !exam, () => {
    const count = draft.addTabSwitch();
    if (count > tabLimit) void handleSubmit("tabSwitch");
    else setNotice(`检测到您离开了答题页面（第 ${count} 次），超过 ${tabLimit} 次将自动交卷`);
  });

  const handleChange = (questionId: string, value: unknown) => {
    answering.setAnswer(questionId, value);
    if (serverErrors[questionId]) setServerErrors(({ [questionId]: _gone, ...rest }) => rest);
  };

  const handleResume = () => restore(draft.resume());

  if (reply) {
    return (
      <Frame themeColor={settings.themeColor} frame={preview?.frame}>
        <Suspense fallback={<div className="wa-done" aria-busy="true" />}>
          <ThankYou
            reply={reply}
            definition={definition}
            answers={submitted}
            responseKey={controller.key}
            publicId={open.publicId}
            handInLine={handInLine}
          />
        </Suspense>
      </Frame>
    );
  }
  const view = answering.view;
  const shown = view ? idsOnPage(view, pages.current) : [];
  const answerableShown = view ? answerableIn(view) : [];
  const pageTitle = pages.current ? index.pageTitles.get(pages.current) : undefined;
  const busy = waiting || phase === "submitting" || phase === "checking";

  return (
    <Frame themeColor={settings.themeColor} frame={preview?.frame}>
      <SurveyHeader definition={definition} title={open.title} settings={settings} />
      <ExamBar
        seconds={limitMinutes ? (secondsLeft ?? limitMinutes * 60) : null}
        tabSwitches={exam ? exam.switches : draft.tabSwitches}
        tabLimit={tabLimit}
      />
      {settings.progressBar && view ? (
        <ProgressBar
          done={answerableShown.filter((id) => view.answers[id] !== undefined).length}
          total={answerableShown.length}
        />
      ) : null}
      {notice ? (
        <div className="wa-notice" role="alert">
          {notice}
        </div>
      ) : null}
      {view ? null : <div className="wa-loading">加载中…</div>}
      {pageTitle && pages.total > 1 ? <h2 className="wa-page-title">{pageTitle}</h2> : null}
      <div className="wa-questions">
        {shown.map((id) => {
          const question = index.questions.get(id);
          if (!question || !view) return null;
          return (
            <HydrateLater key={id} id={id}>
              <QuestionCard
                question={question}
                number={view.numbers[id]}
                text={view.texts[id]}
                value={answering.answers[id]}
                options={view.options[id] ?? []}
                errors={view.errors[id] ?? []}
                warnings={view.warnings[id] ?? []}
                revealed={revealed.has(id)}
                serverError={serverErrors[id]}
                points={open.points?.[id]}
                inGroup={members.has(id)}
                context={context}
                onChange={handleChange}
                onReveal={(questionId) => reveal([questionId])}
              />
            </HydrateLater>
          );
        })}
      </div>
      {view ? (
        <ActionBar
          canBack={pages.canGoBack && definition.settings.allowBack}
          isLast={pages.isLast}
          live={live}
          busy={busy}
          busyText={phase === "checking" ? "确认中…" : `${submitWord}中…`}
          submitText={submitWord}
          onBack={() => {
            pages.goBack();
            scrollToQuestion(undefined);
          }}
          onNext={() => void handleNext()}
          onSubmit={() => void handleSubmitClick()}
        />
      ) : null}
      {pages.total > 1 ? (
        <p className="wa-page-no">{`第 ${pages.position + 1} / ${pages.total} 页`}</p>
      ) : null}
      <Brand />
      {confirming !== null ? (
        <HandInConfirm
          unanswered={confirming}
          onCancel={() => setConfirming(null)}
          onConfirm={handleConfirm}
        />
      ) : null}
      {draft.prompt ? (
        <Suspense fallback={null}>
          <DraftPrompt onResume={handleResume} onRestart={draft.restart} />
        </Suspense>
      ) : null}
    </Frame>
  );
}
