import { isPhoneQuestion } from "@wjgj/core/api/personal-data";
import type { SubmitReply } from "@wjgj/core/pages/answer";
import type { SurveyDefinition } from "@wjgj/core/survey/index";
import { lazy, Suspense, useEffect, useState } from "react";
import { Brand } from "./brand.tsx";

// Only questionnaires with prizes or red packets, and answers from the answer space (?source=mutual), load
// this part (the answer page's size budget).
const AfterSubmit = lazy(() => import("../rewards/after-submit.tsx"));
// Only exams and votes load their results part.
const ReplyDetails = lazy(() => import("./reply-details.tsx"));
// Only submits that booked a slot (预约, issue #41) load the confirmation and its QR code.
const BookingConfirmation = lazy(() => import("../booking/booking-confirmation.tsx"));
// Only submits that placed an order (商品, issue #41) load the pay step.
const PayStep = lazy(() => import("../product/pay-step.tsx"));

/** Whether the respondent answered with a phone number, which finds their responses later (/mine/{publicId}). */
const hasPhoneQuestion = (definition: SurveyDefinition) =>
  definition.pages.some((page) => page.questions.some(isPhoneQuestion));

const fromSpace = () =>
  typeof window !== "undefined" && new URLSearchParams(window.location.search).get("source") === "mutual";

export function ThankYou(props: {
  reply: SubmitReply;
  definition: SurveyDefinition;
  answers: Record<string, unknown>;
  /** The submit's idempotency key: the thank-you screen's proof that the response is its own. */
  responseKey?: string | null | undefined;
  publicId?: string;
  /** Why the paper was handed in without the candidate's 交卷 (time up, 切屏), said under the heading. */
  handInLine?: string | undefined;
}) {
  const { reply } = props;
  const proof =
    reply.responseId !== null && props.responseKey
      ? { responseId: reply.responseId, idempotencyKey: props.responseKey }
      : null;
  const rewards = Boolean(reply.rewards);
  const space = !reply.preview && fromSpace();
  const redirect = !reply.preview && reply.redirectUrl ? reply.redirectUrl : "";
  const [left, setLeft] = useState(reply.redirectSeconds);
  useEffect(() => {
    if (!redirect) return;
    if (left <= 0) {
      window.location.assign(redirect);
      return;
    }
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, redirect]);

  const screenedOut = reply.endState === "screenedOut";
  const bookings = reply.bookings ?? [];
  // 商品 (issue #41): the response counts once its order is paid, so the page does not call it done before.
  const toPay = reply.order?.status === "pending" && Boolean(reply.receiptToken);
  return (
    // Rendered inside the survey's Frame, which is the page itself (main.wa-page): not a second card.
    <div className="wa-done" data-testid="thank-you">
      <div className="wa-status-icon is-ok" aria-hidden="true">
        ✓
      </div>
      <h1 className="wa-status-title">
        {screenedOut
          ? "感谢您的参与"
          : toPay
            ? "已提交，请完成支付"
            : reply.exam || props.definition.settings.exam
              ? "交卷成功"
              : props.definition.kind === "vote"
                ? "投票成功"
                : "提交成功"}
      </h1>
      {props.handInLine ? (
        <p className="wa-status-msg" data-testid="hand-in-reason">
          {props.handInLine}
        </p>
      ) : null}
      <p className="wa-status-msg">
        {screenedOut
          ? "很抱歉，您不符合本次调查的条件，感谢您的耐心参与！"
          : reply.thankYouText || "感谢您的参与！"}
      </p>
      {reply.reviewNote ? (
        <p className="wa-hint" data-testid="review-note">
          {reply.reviewNote}
        </p>
      ) : null}
      {reply.preview ? <p className="wa-hint">预览模式：本次提交不计入答卷</p> : null}
      {reply.exam || reply.voteResults ? (
        <Suspense fallback={<p className="wa-hint">正在加载结果…</p>}>
          <ReplyDetails reply={reply} definition={props.definition} answers={props.answers} />
        </Suspense>
      ) : null}
      {bookings.length > 0 ? (
        <Suspense fallback={<p className="wa-hint">正在加载预约信息…</p>}>
          <BookingConfirmation bookings={bookings} receiptToken={reply.receiptToken} />
        </Suspense>
      ) : null}
      {reply.order && reply.receiptToken ? (
        <Suspense fallback={<p className="wa-hint">正在加载订单…</p>}>
          <PayStep token={reply.receiptToken} summary={reply.order} />
        </Suspense>
      ) : null}
      {proof && (rewards || space) ? (
        <Suspense fallback={<p className="wa-hint">正在加载…</p>}>
          <AfterSubmit proof={proof} rewards={rewards} space={space} />
        </Suspense>
      ) : null}
      {reply.receiptToken ? (
        <p className="wa-hint">
          <a href={`/receipt/${encodeURIComponent(reply.receiptToken)}`} data-testid="receipt-link">
            查看我的答卷
          </a>
          （可下载或申请删除，请保存此链接）
          {props.publicId && hasPhoneQuestion(props.definition) ? (
            <>
              ，也可<a href={`/mine/${props.publicId}`}>用手机号查询</a>
            </>
          ) : null}
        </p>
      ) : null}
      {redirect ? <p className="wa-hint">{`${left} 秒后自动跳转…`}</p> : null}
      <Brand />
    </div>
  );
}
