import type { PublicSettings } from "@wjgj/core/pages/answer";
import { richTextToPlain } from "@wjgj/core/survey/definition/rich-text";
import type { SurveyDefinition } from "@wjgj/core/survey/index";
import type { CSSProperties, ReactNode } from "react";
import { clockText } from "../hooks/use-countdown.ts";
import { readableTheme } from "../lib/contrast.ts";
import { RichText } from "./rich-text.tsx";

export function SurveyHeader(props: {
  definition: SurveyDefinition;
  title: string;
  settings: PublicSettings;
}) {
  const { definition, settings } = props;
  // A title whose markup holds no text (or none survives the whitelist) is shown as the plain title.
  const rich = definition.title && richTextToPlain(definition.title).trim() ? definition.title : "";
  return (
    <>
      {settings.headerImage ? <img className="wa-header-img" src={settings.headerImage} alt="" /> : null}
      <header className="wa-head">
        {rich ? (
          <RichText as="h1" html={rich} className="wa-survey-title" />
        ) : (
          <h1 className="wa-survey-title">{props.title}</h1>
        )}
        {definition.description ? (
          <RichText html={definition.description} className="wa-survey-desc" />
        ) : null}
      </header>
    </>
  );
}

export function ProgressBar(props: { done: number; total: number }) {
  const percent = props.total > 0 ? Math.round((props.done / props.total) * 100) : 0;
  return (
    <div
      className="wa-progress-bar"
      role="progressbar"
      aria-label="答题进度"
      aria-valuetext={`已完成 ${props.done} / ${props.total} 题`}
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <span className="wa-track">
        <i style={{ width: `${percent}%` }} />
      </span>
      <span className="wa-percent" aria-hidden="true">{`${percent}%`}</span>
    </div>
  );
}

/** The exam strip: time left (red in the last minute) and the tab-switch allowance. */
export function ExamBar(props: { seconds: number | null; tabSwitches: number; tabLimit: number }) {
  if (props.seconds === null && props.tabLimit === 0) return null;
  const urgent = props.seconds !== null && props.seconds <= 60;
  return (
    <div className={`wa-exam${urgent ? " is-urgent" : ""}`} role="timer" aria-live="off">
      {props.seconds !== null ? <span>{`剩余时间 ${clockText(props.seconds)}`}</span> : <span />}
      {props.tabLimit > 0 ? <span>{`切屏 ${props.tabSwitches}/${props.tabLimit} 次`}</span> : null}
    </div>
  );
}

export function ActionBar(props: {
  canBack: boolean;
  isLast: boolean;
  /**
   * False until the page's script has taken over the server's markup: a tap before that would do nothing, so
   * the buttons wait (answers typed meanwhile are kept, see keepEarlyInput).
   */
  live: boolean;
  busy: boolean;
  busyText: string;
  /** 提交, or 交卷 for an exam. */
  submitText: string;
  onBack(): void;
  onNext(): void;
  onSubmit(): void;
}) {
  return (
    <nav className="wa-actions">
      {props.canBack ? (
        <button
          type="button"
          className="wa-btn wa-btn-ghost"
          onClick={props.onBack}
          disabled={props.busy || !props.live}
        >
          上一页
        </button>
      ) : null}
      {props.isLast ? (
        <button
          type="button"
          className="wa-btn wa-btn-main"
          onClick={props.onSubmit}
          disabled={props.busy || !props.live}
        >
          {props.busy ? props.busyText : props.submitText}
        </button>
      ) : (
        <button
          type="button"
          className="wa-btn wa-btn-main"
          onClick={props.onNext}
          disabled={props.busy || !props.live}
        >
          下一页
        </button>
      )}
    </nav>
  );
}

/** The page frame; previews show it as a phone on wide screens (/y/{id}/phone). */
export function Frame(props: {
  themeColor: string;
  frame?: "pc" | "phone" | undefined;
  /** The strip above a framed preview; template previews say something else, since nothing is submitted. */
  barText?: string | undefined;
  children: ReactNode;
}) {
  // A creator's colour is darkened just enough to carry text (4.5:1) on white and on its own tint.
  const style = { "--wa-theme": readableTheme(props.themeColor) } as CSSProperties;
  // A framed preview sits inside another page's main landmark, so it is not one itself.
  const Box = props.frame ? "div" : "main";
  const inner = (
    <Box className="wa-page" style={style}>
      {props.children}
    </Box>
  );
  if (!props.frame) return inner;
  return (
    <div className={`wa-preview wa-preview-${props.frame}`}>
      <div className="wa-preview-bar">{props.barText ?? "预览模式 · 提交的答卷不计入统计"}</div>
      <div className="wa-preview-screen">{inner}</div>
    </div>
  );
}
