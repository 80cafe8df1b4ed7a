import type { PublicConsent } from "@wjgj/core/pages/answer";
import { inKindWords } from "@wjgj/core/survey/definition/kinds";
import { useState } from "react";
import { Brand } from "./brand.tsx";

/** 密码访问: the definition stays on the server until the password is right. */
export function PasswordGate(props: {
  title: string;
  /** The questionnaire's kind: 该考试需要密码才能填写. */
  questionnaireKind: string;
  error: string;
  busy: boolean;
  onSubmit(password: string): void;
}) {
  const [password, setPassword] = useState("");
  return (
    <main className="wa-page wa-gate">
      <h1 className="wa-gate-title">{props.title}</h1>
      <form
        className="wa-gate-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (password.trim()) props.onSubmit(password.trim());
        }}
      >
        <label className="wa-gate-label" htmlFor="wa-password">
          {inKindWords("该问卷需要密码才能填写", props.questionnaireKind)}
        </label>
        <input
          id="wa-password"
          className="wa-input"
          type="password"
          autoComplete="off"
          maxLength={32}
          placeholder="请输入访问密码"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {props.error ? <p className="wa-error">{props.error}</p> : null}
        <button type="submit" className="wa-btn wa-btn-block" disabled={props.busy || !password.trim()}>
          {props.busy ? "验证中…" : "开始填写"}
        </button>
      </form>
      <Brand />
    </main>
  );
}

/** 同意隐私政策: the publisher's privacy notice, agreed to before the first question. */
export function ConsentGate(props: {
  title: string;
  consent: PublicConsent;
  notice: string;
  onAgree(): void;
}) {
  const [checked, setChecked] = useState(false);
  return (
    <main className="wa-page wa-gate" data-testid="consent-gate">
      <h1 className="wa-gate-title">{props.title}</h1>
      <form
        className="wa-gate-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (checked) props.onAgree();
        }}
      >
        {props.notice ? (
          <p className="wa-error" role="alert">
            {props.notice}
          </p>
        ) : null}
        <h2 className="wa-consent-heading">隐私说明</h2>
        <p className="wa-consent-text">{props.consent.text}</p>
        <div className="wa-consent-check">
          <input
            id="wa-consent"
            type="checkbox"
            checked={checked}
            onChange={(event) => setChecked(event.target.checked)}
          />
          <label htmlFor="wa-consent">我已阅读并同意</label>
          <a href={props.consent.policyUrl} target="_blank" rel="noopener noreferrer">
            《隐私政策》
          </a>
        </div>
        <button type="submit" className="wa-btn wa-btn-block" disabled={!checked}>
          同意并开始填写
        </button>
      </form>
      <Brand />
    </main>
  );
}

/**
 * 需登录填写: off to /Loginone, which brings the respondent back here afterwards. The owner's preview
 * (/y/{id}/…) shows the draft, so it asks for the creator's login, in its own words.
 */
export function LoginGate(props: {
  title: string;
  returnTo: string;
  checking: boolean;
  preview?: boolean;
  /** The questionnaire's kind, when known (not for a preview): 该考试需要登录后才能填写. */
  questionnaireKind?: string;
}) {
  const label = props.preview
    ? "问卷预览仅供创建者查看，请登录创建者的账号"
    : inKindWords("该问卷需要登录后才能填写", props.questionnaireKind ?? "survey");
  return (
    <main className="wa-page wa-gate">
      <h1 className="wa-gate-title">{props.title}</h1>
      <p className="wa-gate-label">{props.checking ? "正在验证登录状态…" : label}</p>
      <a className="wa-btn wa-btn-block" href={`/Loginone?redirect=${encodeURIComponent(props.returnTo)}`}>
        {props.preview ? "登录后预览" : "登录后填写"}
      </a>
      <Brand />
    </main>
  );
}
