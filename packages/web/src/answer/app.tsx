import type { AnswerPageData, ExtraScreenData, OpenData, PageView } from "@wjgj/core/pages/answer";
import type { SurveyDefinition } from "@wjgj/core/survey/index";
import { type ComponentType, useEffect, useState } from "react";
import { LiveMark } from "../lib/use-hydrated.ts";
import { Survey } from "./components/survey.tsx";
import { apiCall, hasToken } from "./lib/api.ts";
import { resolveDeviceId } from "./lib/ids.ts";
import { useExam, useScreens } from "./lib/screens.ts";

type AnswerData = Extract<AnswerPageData, { page: "answer" }>;
type PreviewData = Extract<AnswerPageData, { page: "preview" }>;

const PASSWORD_KEY = "wjgj:password:";
const CONSENT_KEY = "wjgj:consent:";

function rememberedPassword(publicId: string): string | undefined {
  try {
    return sessionStorage.getItem(PASSWORD_KEY + publicId) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Shown for the moment a screen's chunk takes to arrive (only when the page changes to one after loading). */
function Loading({ text = "加载中…" }: { text?: string }) {
  return (
    <main className="wa-page">
      <div className="wa-loading">{text}</div>
    </main>
  );
}

function withDefinition(open: OpenData): (OpenData & { definition: SurveyDefinition }) | null {
  return open.definition ? { ...open, definition: open.definition } : null;
}

/**
 * /r/{id}: the server-rendered state first; gates (password, login) fetch the questionnaire again here,
 * since the password is typed and the token lives in local storage, neither of which the server had.
 */
function storageOrNull(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

function AnswerApp({ data }: { data: AnswerData }) {
  const [open, setOpen] = useState(data.open);
  const [initial, setInitial] = useState<PageView | null>(data.initial);
  const [password, setPassword] = useState<string | undefined>(undefined);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const publicId = data.open.publicId;
  // 同意隐私政策: the version agreed to on this page (or earlier in this tab); read after hydration.
  const [agreed, setAgreed] = useState<number | null>(null);
  const consent = open.settings.privacyConsent;
  const guard = open.settings.examGuard;
  // 考试防作弊: sign-in, attempts and proctoring are a chunk of their own (answer/exam/).
  const exam = useExam(!!guard && open.state === "open");
  const screens = useScreens(
    open.state !== "open" ||
      open.gate !== null ||
      !open.definition ||
      (!!consent && agreed !== consent.version),
  );
  const agree = (version: number | null) => {
    setAgreed(version);
    try {
      if (version === null) sessionStorage.removeItem(CONSENT_KEY + publicId);
      else sessionStorage.setItem(CONSENT_KEY + publicId, String(version));
    } catch {
      // Only a convenience for reloads.
    }
  };

  const refetch = async (typed?: string) => {
    setBusy(true);
    // The device names the candidate's paper in an exam drawn from a bank (随机组卷).
    const deviceId = resolveDeviceId(storageOrNull(), data.deviceId);
    const outcome = await apiCall<OpenData>("GET", "anQuestion/getQuestionary", {
      query: typed ? { publicId, password: typed, deviceId } : { publicId, deviceId },
    });
    setBusy(false);
    if (!outcome.ok) return setError(outcome.msg);
    if (typed && outcome.data.gate === "password") return setError("访问密码错误，请重新输入");
    if (typed) {
      setPassword(typed);
      try {
        sessionStorage.setItem(PASSWORD_KEY + publicId, typed);
      } catch {
        // Only a convenience for reloads.
      }
    }
    setError("");
    setInitial(null);
    setOpen(outcome.data);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once after hydration, on the server's gate
  useEffect(() => {
    try {
      const remembered = Number(sessionStorage.getItem(CONSENT_KEY + publicId));
      if (remembered > 0) setAgreed(remembered);
    } catch {
      // Storage refused: the respondent agrees again.
    }
    if (data.open.gate === "login" && hasToken()) void refetch();
    if (data.open.gate === "password") {
      const remembered = rememberedPassword(publicId);
      if (remembered) void refetch(remembered);
    }
  }, []);

  // The screens instead of the questions come in a chunk of their own (lib/screens.ts); a moment's "加载中"
  // only when the page turns to one after loading (the server's page had them before hydration).
  if (open.state !== "open")
    return screens ? (
      <screens.StatusPage
        kind={open.state}
        message={open.stateMessage}
        title={open.title}
        questionnaireKind={open.kind}
        scoreOf={guard?.review && publicId}
      />
    ) : (
      <Loading />
    );
  if (open.gate === "password")
    return screens ? (
      <screens.PasswordGate
        title={open.title}
        questionnaireKind={open.kind}
        error={error}
        busy={busy}
        onSubmit={(typed) => void refetch(typed)}
      />
    ) : (
      <Loading />
    );
  if (open.gate === "login")
    return screens ? (
      <screens.LoginGate
        title={open.title}
        questionnaireKind={open.kind}
        returnTo={`/r/${publicId}`}
        checking={busy}
      />
    ) : (
      <Loading />
    );
  // 限答: this device, network, account or WeChat user has used its answers (the server said so on opening).
  if (open.answered)
    return screens ? (
      <screens.StatusPage
        kind="answered"
        heading={screens.answeredHeading(open.kind)}
        message={screens.answeredText(open.answered, open.kind)}
        title={open.title}
      />
    ) : (
      <Loading />
    );
  if (consent && agreed !== consent.version) {
    if (!screens) return <Loading />;
    return (
      <screens.ConsentGate
        title={open.title}
        consent={consent}
        notice={error}
        onAgree={() => {
          setError("");
          agree(consent.version);
        }}
      />
    );
  }
  if (guard)
    return exam ? (
      <exam.ExamApp
        data={data}
        open={open}
        initial={initial}
        password={password}
        consentVersion={consent?.version}
      />
    ) : (
      <Loading />
    );
  const ready = withDefinition(open);
  if (!ready)
    return screens ? (
      <screens.StatusPage kind="unpublished" message="" title={open.title} questionnaireKind={open.kind} />
    ) : (
      <Loading />
    );
  return (
    <Survey
      open={ready}
      initial={initial}
      today={data.today}
      suggestedDeviceId={data.deviceId}
      password={password}
      consentVersion={consent?.version}
      onConsentRefused={(message) => {
        // The words changed since: read them again and ask anew (the draft keeps the answers).
        agree(null);
        void refetch(password).then(() => setError(message));
      }}
    />
  );
}

/** /y/{id}/{type}: the owner's draft, fetched with the token from local storage. */
function PreviewApp({ data }: { data: PreviewData }) {
  const [open, setOpen] = useState<OpenData | null>(null);
  const [message, setMessage] = useState("");
  const [needsLogin, setNeedsLogin] = useState(false);
  const screens = useScreens(needsLogin || message !== "");

  useEffect(() => {
    if (!hasToken()) return setNeedsLogin(true);
    void apiCall<OpenData>("GET", "anQuestion/getPreviewQuestionary", {
      query: { publicId: data.publicId },
    }).then((outcome) => {
      if (outcome.ok) return setOpen(outcome.data);
      if (!outcome.ok && outcome.kind === "business" && outcome.code === 303) return setNeedsLogin(true);
      setMessage(outcome.msg);
    });
  }, [data.publicId]);

  const returnTo = `/y/${data.publicId}/${data.frame}`;
  if (needsLogin)
    return screens ? (
      <screens.LoginGate title="问卷预览" returnTo={returnTo} checking={false} preview />
    ) : (
      <Loading />
    );
  if (message) return screens ? <screens.StatusPage kind="notFound" message={message} /> : <Loading />;
  const ready = open ? withDefinition(open) : null;
  if (!ready) {
    return (
      <main className="wa-page">
        <div className="wa-loading">预览加载中…</div>
      </main>
    );
  }
  return (
    <Survey
      open={ready}
      initial={null}
      today={data.today}
      suggestedDeviceId={data.deviceId}
      preview={{ frame: data.frame }}
    />
  );
}

/**
 * The page, with the mark that tells browser tests it is live (a leaf of its own; see LiveMark). `extraScreen`
 * draws the notice, cover and campaign pages (extra-screens.tsx, loaded only for them).
 */
export function App(props: { data: AnswerPageData; extraScreen?: ComponentType<{ data: ExtraScreenData }> }) {
  return (
    <>
      <LiveMark />
      <Screen {...props} />
    </>
  );
}

function NotFound(props: { message: string; heading?: string | undefined }) {
  const screens = useScreens(true);
  return screens ? <screens.StatusPage kind="notFound" {...props} /> : <Loading />;
}

function Screen({
  data,
  extraScreen: Extra,
}: {
  data: AnswerPageData;
  extraScreen?: ComponentType<{ data: ExtraScreenData }>;
}) {
  if (data.page === "notFound") return <NotFound message={data.message} heading={data.heading} />;
  if (data.page === "preview") return <PreviewApp data={data} />;
  if (data.page === "trailer" || data.page === "cover" || data.page === "campaign")
    return Extra ? <Extra data={data} /> : null;
  return <AnswerApp data={data} />;
}
