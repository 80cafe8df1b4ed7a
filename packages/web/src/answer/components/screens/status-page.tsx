import type { AnswerState } from "../../page-data.ts";

export type StatusKind = Exclude<AnswerState, "open"> | "notFound";

const headings: Record<StatusKind, string> = {
  notFound: "问卷不存在",
  unpublished: "问卷未发布",
  deleted: "问卷已删除",
  stopped: "问卷已暂停",
  notStarted: "问卷未开始",
  ended: "问卷已结束",
  full: "已达到回收上限",
  takenDown: "问卷已下架",
};

const icons: Record<StatusKind, string> = {
  notFound: "?",
  unpublished: "…",
  deleted: "×",
  stopped: "Ⅱ",
  notStarted: "◷",
  ended: "✓",
  full: "!",
  takenDown: "⊘",
};

/** The clear page of every state in which a questionnaire takes no answers, readable without script. */
export function StatusPage(props: { kind: StatusKind; message: string; title?: string }) {
  return (
    <main className="wa-page wa-status" data-state={props.kind}>
      <div className="wa-status-icon" aria-hidden="true">
        {icons[props.kind]}
      </div>
      <h1 className="wa-status-title">{headings[props.kind]}</h1>
      {props.title ? <p className="wa-status-name">{props.title}</p> : null}
      {props.message !== headings[props.kind] ? <p className="wa-status-msg">{props.message}</p> : null}
      <Brand />
    </main>
  );
}

export function Brand() {
  return (
    <footer className="wa-brand">
      <a href="/website/home">问卷管家</a> 提供技术支持
    </footer>
  );
}
