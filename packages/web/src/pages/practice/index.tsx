import { type PracticeMode, practiceModeNames, practiceModes } from "@wjgj/core";
import { Button, Empty, Result, Spin } from "antd";
import { useParams } from "react-router";
import { ApiError } from "../../api/errors.ts";
import { QuestionStep } from "./components/question-step.tsx";
import { answeredCount, usePractice } from "./hooks/use-practice.ts";
import "./practice.css";

/**
 * /practice/{id} (刷题, the seed's doing-exercises screen): open without a login like /r/{id}, on an exam its
 * creator shares for practice. 顺序练习, 随机练习 and 错题本, each answer judged at once with 答案解析;
 * progress follows the account when logged in, otherwise this browser's device id.
 */
export function PracticePage() {
  const publicId = useParams().id ?? "";
  const practice = usePractice(publicId);
  const { set, round, current, check, query } = practice;

  if (query.isPending) {
    return (
      <main className="pr-page pr-page--center">
        <Spin size="large" aria-label="加载中" />
      </main>
    );
  }
  if (!set) {
    const text = query.error instanceof ApiError ? query.error.message : "练习加载失败，请稍后重试";
    return (
      <main className="pr-page pr-page--center">
        <Result status="warning" title="无法开始练习" subTitle={text} />
      </main>
    );
  }

  const total = set.questions.length;
  const wrong = set.progress.wrong.length;
  const counts: Record<PracticeMode, string> = {
    sequential: `${total} 题`,
    random: `${total} 题`,
    wrong: `${wrong} 题`,
  };

  let body: React.ReactNode;
  if (!round) {
    body =
      total === 0 ? (
        <Empty description="这份试卷还没有可以练习的题目" />
      ) : (
        <div className="pr-modes">
          {practiceModes.map((mode) => (
            <button
              key={mode}
              type="button"
              className="pr-mode"
              disabled={mode === "wrong" && wrong === 0}
              onClick={() => practice.start(mode)}
            >
              <span className="pr-mode__name">{practiceModeNames[mode]}</span>
              <span className="pr-mode__count">
                {mode === "wrong" && wrong === 0 ? "暂无错题" : counts[mode]}
              </span>
            </button>
          ))}
        </div>
      );
  } else if (!current) {
    body = (
      <Result
        status="success"
        title="本轮练习完成"
        subTitle={wrong > 0 ? `错题本中还有 ${wrong} 道题，可以再练一遍。` : "错题本已清空，继续保持！"}
        extra={<Button onClick={practice.stop}>返回练习模式</Button>}
      />
    );
  } else {
    body = (
      <>
        <div className="pr-round">
          <span>{practiceModeNames[round.mode]}</span>
          <Button type="link" onClick={practice.stop}>
            退出本轮
          </Button>
        </div>
        <QuestionStep
          key={`${round.mode}:${round.index}:${current.id}`}
          question={current}
          number={round.index + 1}
          total={round.order.length}
          feedback={check.data}
          checking={check.isPending}
          last={round.index + 1 >= round.order.length}
          onCheck={(answer) => check.mutate({ questionId: current.id, answer })}
          onNext={practice.next}
        />
      </>
    );
  }

  return (
    <main className="pr-page">
      <header className="pr-header">
        <h1>{set.title}</h1>
        <p>
          已练 {answeredCount(set.progress)} / {total} 题 · 错题 {wrong} 题
        </p>
      </header>
      {check.error && (
        <p className="pr-error" role="alert">
          {check.error instanceof ApiError ? check.error.message : "提交失败，请重试"}
        </p>
      )}
      {body}
    </main>
  );
}
