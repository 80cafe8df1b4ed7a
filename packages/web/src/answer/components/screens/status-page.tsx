import type { AnsweredLimit, AnswerState } from "@wjgj/core/pages/answer";
import { inKindWords } from "@wjgj/core/survey/definition/kinds";
import type { ReactNode } from "react";
import { Brand } from "./brand.tsx";

/** `answered`: this respondent has used its answers (每个设备/IP/账号/微信号 限答), told on opening. */
export type StatusKind = Exclude<AnswerState, "open"> | "notFound" | "answered";

const headings: Record<StatusKind, string> = {
  notFound: "问卷不存在",
  unpublished: "问卷未发布",
  deleted: "问卷已删除",
  stopped: "问卷已暂停",
  notStarted: "问卷未开始",
  ended: "问卷已结束",
  full: "已达到回收上限",
  takenDown: "问卷已下架",
  answered: "您已经提交过答卷",
};

/** What `answered` is called for a kind whose respondents do not speak of 答卷. */
const answeredHeadings: Partial<Record<string, string>> = {
  vote: "您已经投过票了",
  exam: "您已经参加过本次考试",
  knowledge: "您已经参加过本次竞赛",
};

/** The heading of the `answered` page for a questionnaire of this kind. */
export function answeredHeading(kind: string): string {
  return answeredHeadings[kind] ?? headings.answered;
}

const answeredWho: Record<AnsweredLimit["source"], string> = {
  ip: "该网络",
  device: "该设备",
  account: "您",
  wechat: "该微信号",
  attempts: "",
};

/**
 * The line under 您已经投过票了 / 您已经提交过答卷: who has used the answers (this network, device …) and, per day,
 * that tomorrow is another day; an exam's used attempts say so in the server's words.
 */
export function answeredText(answered: AnsweredLimit, kind: string): string {
  if (answered.source === "attempts") return answered.message;
  const who = answeredWho[answered.source];
  const vote = kind === "vote";
  const done = vote ? "投过票" : "提交过答卷";
  return answered.daily
    ? `${who}今天已${done}，明天可以再来`
    : `${who}已${done}，不能重复${vote ? "投票" : "提交"}`;
}

/**
 * The line under the heading says what the respondent can do next. The server's message for these states
 * (问卷已暂停收集, 问卷已结束，感谢您的关注…) restates the heading, so it is not shown under it.
 */
const nextSteps: Record<Exclude<StatusKind, "notFound" | "answered">, string> = {
  unpublished: "发布者还没有发布这份问卷，发布后即可填写。",
  deleted: "这份问卷已被发布者删除，无法再填写。",
  stopped: "发布者暂时停止了收集答卷，恢复后即可继续填写，请稍后再来。",
  notStarted: "还没到开始填写的时间，请在开始后再来。",
  ended: "这份问卷已停止收集答卷，感谢您的关注。",
  full: "答卷数量已满，不再接受新的答卷，感谢您的关注。",
  takenDown: "这份问卷已被管理员下架，暂时无法填写。",
};

/** A square stop mark: the ✓ of a success would tell the respondent something went through. */
const endedIcon = (
  <svg viewBox="0 0 24 24" width="24" height="24" data-icon="ended" aria-hidden="true">
    <rect x="6" y="6" width="12" height="12" rx="2" fill="currentColor" />
  </svg>
);

/** Two bars drawn, not the Roman numeral Ⅱ a font would render in its own style. */
const pauseIcon = (
  <svg viewBox="0 0 24 24" width="28" height="28" data-icon="pause" aria-hidden="true">
    <rect x="6" y="5" width="4" height="14" rx="1" fill="currentColor" />
    <rect x="14" y="5" width="4" height="14" rx="1" fill="currentColor" />
  </svg>
);

const icons: Record<StatusKind, ReactNode> = {
  notFound: "?",
  unpublished: "…",
  deleted: "×",
  stopped: pauseIcon,
  notStarted: "◷",
  ended: endedIcon,
  full: "!",
  takenDown: "⊘",
  answered: "✓",
};

/** The clear page of every state in which a questionnaire takes no answers, readable without script. */
export function StatusPage(props: {
  kind: StatusKind;
  message: string;
  title?: string;
  /** The questionnaire's kind: the heading and the next step name it (考试已结束); 问卷 when not known. */
  questionnaireKind?: string | undefined;
  /** Instead of the state's own heading (a missing /hd page is no questionnaire). */
  heading?: string | undefined;
  /** What else the page offers (the countdown and 提醒我 on /trailerPage). */
  children?: ReactNode;
  /** 查分 offered by the exam with this public id: a link to its /examScore page. */
  scoreOf?: string | false | undefined;
}) {
  const words = (text: string) => inKindWords(text, props.questionnaireKind ?? "survey");
  const heading = props.heading ?? words(headings[props.kind]);
  // A missing page's and an `answered` page's own message says it all (该设备已提交过答卷…).
  const detail =
    props.kind === "notFound" || props.kind === "answered" ? props.message : words(nextSteps[props.kind]);
  return (
    <main className="wa-page wa-status" data-state={props.kind}>
      <div className="wa-status-icon" aria-hidden="true">
        {icons[props.kind]}
      </div>
      <h1 className="wa-status-title">{heading}</h1>
      {props.title ? <p className="wa-status-name">{props.title}</p> : null}
      {detail && detail !== heading ? <p className="wa-status-msg">{detail}</p> : null}
      {props.children}
      {props.scoreOf ? (
        <a className="wa-btn wa-btn-ghost" href={`/examScore/${props.scoreOf}`}>
          查询成绩
        </a>
      ) : null}
      <Brand />
    </main>
  );
}
