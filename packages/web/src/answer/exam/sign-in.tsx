import type { ExamSignInResult, PublicExamGuard } from "@wjgj/core/api/exam-guard";
import { useState } from "react";
import { type PhoneCode, PhoneCodeFields } from "../components/rewards/phone-code-fields.tsx";
import { Brand } from "../components/screens/brand.tsx";
import { signIn } from "./exam-api.ts";

/** 考生名单: the candidate signs in with 准考证号 + 姓名, or with a code sent to the phone on the list. */
export function SignInScreen(props: {
  publicId: string;
  title: string;
  guard: PublicExamGuard;
  notice: string;
  onSignedIn(result: ExamSignInResult): void;
}) {
  const { guard } = props;
  const [number, setNumber] = useState("");
  const [name, setName] = useState("");
  const [phone, setPhone] = useState<PhoneCode>({ phone: "", code: "" });
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const byPhone = guard.signIn === "phone";
  const ready = byPhone
    ? phone.phone !== "" && phone.code !== ""
    : number.trim() !== "" && name.trim() !== "";

  const handleSubmit = async () => {
    setBusy(true);
    setError("");
    const outcome = await signIn(
      byPhone
        ? { publicId: props.publicId, phone: phone.phone, code: phone.code }
        : { publicId: props.publicId, number: number.trim(), name: name.trim() },
    );
    setBusy(false);
    if (!outcome.ok) return setError(outcome.msg);
    setError("");
    props.onSignedIn(outcome.data);
  };

  const message = error || props.notice;
  return (
    <main className="wa-page wa-gate" data-testid="exam-sign-in">
      <h1 className="wa-gate-title">{props.title}</h1>
      <form
        className="wa-gate-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready && !busy) void handleSubmit();
        }}
      >
        <p className="wa-gate-label">
          {byPhone ? "请使用考生名单中的手机号登录考试" : "请输入准考证号和姓名登录考试"}
        </p>
        {byPhone ? (
          <PhoneCodeFields purpose="exam" value={phone} onChange={setPhone} onError={setError} />
        ) : (
          <>
            <label className="wa-reward-field">
              <span>准考证号</span>
              <input
                className="wa-input"
                autoComplete="off"
                maxLength={50}
                value={number}
                onChange={(event) => setNumber(event.target.value)}
              />
            </label>
            <label className="wa-reward-field">
              <span>姓名</span>
              <input
                className="wa-input"
                autoComplete="name"
                maxLength={50}
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
            </label>
          </>
        )}
        {message ? (
          <p className="wa-error" role="alert">
            {message}
          </p>
        ) : null}
        <button type="submit" className="wa-btn wa-btn-block" disabled={busy || !ready}>
          {busy ? "登录中…" : "登录考试"}
        </button>
        {guard.review ? <ScoreLink publicId={props.publicId} /> : null}
      </form>
      <Brand />
    </main>
  );
}

/** 查分: the answer sheet with the key, once released (the main app's /examScore page). */
export function ScoreLink(props: { publicId: string }) {
  return (
    <a className="wa-exam-score-link" href={`/examScore/${props.publicId}`}>
      查询成绩
    </a>
  );
}
