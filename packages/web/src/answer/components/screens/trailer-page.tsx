import type { ReminderForm, TrailerData } from "@wjgj/core/pages/answer";
import { useCountdown } from "../../hooks/use-countdown.ts";
import { chinaTimeText, countdownText } from "../../lib/china-time.ts";
import { StatusPage } from "./status-page.tsx";

/** Ticks in the browser only; without script the start time above it still says when to come back. */
function Countdown(props: { publicId: string; startTime: string }) {
  const seconds = useCountdown(Date.parse(props.startTime), () => {
    window.location.assign(`/r/${props.publicId}`);
  });
  if (seconds === null) return null;
  return (
    <p className="wa-countdown" role="timer" data-testid="countdown">
      距开始还有 <strong>{countdownText(seconds)}</strong>
    </p>
  );
}

/** 提醒我: plain form posts back to this page (code first, then confirm), so it works without script. */
function Reminder(props: { publicId: string; form: ReminderForm }) {
  const { form } = props;
  if (form.step === "done") {
    return (
      <p className="wa-ok-note" role="status" data-testid="reminder-done">
        {form.notice}
      </p>
    );
  }
  const action = `/trailerPage?id=${encodeURIComponent(props.publicId)}`;
  return (
    <form className="wa-gate-form wa-reminder" method="post" action={action} data-testid="reminder-form">
      <h2 className="wa-reminder-title">开始时短信提醒我</h2>
      <label className="wa-gate-label" htmlFor="wa-remind-phone">
        手机号
      </label>
      <input
        id="wa-remind-phone"
        className="wa-input"
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={11}
        placeholder="请输入11位手机号"
        defaultValue={form.phone}
      />
      {form.step === "code" ? (
        <>
          <label className="wa-gate-label" htmlFor="wa-remind-code">
            验证码
          </label>
          <input
            id="wa-remind-code"
            className="wa-input"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="请输入6位验证码"
          />
        </>
      ) : null}
      {form.error ? (
        <p className="wa-error" role="alert">
          {form.error}
        </p>
      ) : null}
      {form.notice ? (
        <p className="wa-ok-note" role="status">
          {form.notice}
        </p>
      ) : null}
      {form.step === "code" ? (
        <button type="submit" name="action" value="confirm" className="wa-btn wa-btn-block">
          确认提醒
        </button>
      ) : null}
      <button
        type="submit"
        name="action"
        value="send"
        className={form.step === "code" ? "wa-btn wa-btn-ghost wa-btn-block" : "wa-btn wa-btn-block"}
      >
        {form.step === "code" ? "重新获取验证码" : "提醒我"}
      </button>
    </form>
  );
}

/** /trailerPage?id=…: the notice of a questionnaire that takes no answers now. */
export function TrailerPage({ data }: { data: TrailerData }) {
  const starts = data.state === "notStarted" && data.startTime ? chinaTimeText(data.startTime) : "";
  return (
    <StatusPage kind={data.state} message="" title={data.title} questionnaireKind={data.kind}>
      {starts ? (
        <p className="wa-status-msg" data-testid="start-time">
          {`开始时间：${starts}（北京时间）`}
        </p>
      ) : null}
      {starts ? <Countdown publicId={data.publicId} startTime={data.startTime} /> : null}
      {data.reminder ? <Reminder publicId={data.publicId} form={data.reminder} /> : null}
    </StatusPage>
  );
}
