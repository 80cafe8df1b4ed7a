import { DeleteOutlined, DownloadOutlined } from "@ant-design/icons";
import type { Receipt } from "@wjgj/core";
import { ERASURE_REASON_MAX } from "@wjgj/core";
import { Alert, App, Button, Input, Modal, Result, Spin } from "antd";
import { useState } from "react";
import { useParams } from "react-router";
import { ApiError } from "../../api/errors.ts";
import { saveBlob } from "../../api/exports.ts";
import { useReceipt, useRequestErasure } from "../../api/respondent-rights.ts";
import { useApiError } from "../../hooks/use-api-error.ts";
import { BookingSection } from "./booking-section.tsx";
import { OrderSection } from "./order-section.tsx";
import { ReviewState } from "./review-state.tsx";
import "./receipt.css";

/** The receipt as a CSV the respondent keeps (题目, 答案; UTF-8 with a BOM so Excel reads it). */
function receiptCsv(receipt: Receipt): Blob {
  const cell = (text: string) => `"${text.replaceAll('"', '""')}"`;
  const lines = [
    ["问卷", receipt.questionnaireTitle],
    ["提交时间", receipt.submittedAt],
    ["题目", "答案"],
    ...receipt.items.map((item) => [item.title, item.text]),
  ].map((row) => row.map(cell).join(","));
  return new Blob([`\uFEFF${lines.join("\r\n")}\r\n`], { type: "text/csv;charset=utf-8" });
}

function ErasureState({ erasure }: { erasure: NonNullable<Receipt["erasure"]> }) {
  if (erasure.status === "pending")
    return (
      <Alert
        type="info"
        showIcon
        title="删除申请已提交，等待问卷发布者处理"
        description={`申请时间：${erasure.requestedAt}${erasure.reason ? `；原因：${erasure.reason}` : ""}`}
      />
    );
  if (erasure.status === "declined")
    return (
      <Alert
        type="warning"
        showIcon
        title="问卷发布者未同意删除"
        description={`处理时间：${erasure.handledAt}${erasure.note ? `；说明：${erasure.note}` : ""}。您可以再次申请。`}
      />
    );
  return <Alert type="success" showIcon title={`这份答卷已于 ${erasure.handledAt} 删除`} />;
}

/**
 * /receipt/{token}: the respondent's own response (issue #36) — their answers in full, a download, and
 * 申请删除 with a reason; the state of the request as the creator handled it.
 */
export function ReceiptPage() {
  const token = useParams().token ?? "";
  const { message } = App.useApp();
  const showError = useApiError();
  const query = useReceipt(token);
  const request = useRequestErasure(token);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState("");

  if (query.isPending)
    return (
      <main className="rc-page">
        <Spin />
      </main>
    );
  if (query.isError || !query.data)
    return (
      <main className="rc-page">
        <Result
          status="warning"
          title="无法打开回执"
          subTitle={query.error instanceof ApiError ? query.error.message : "网络异常，请稍后重试"}
        />
      </main>
    );
  const receipt = query.data;
  const canAsk = receipt.state === "kept" && receipt.erasure?.status !== "pending";
  const submitRequest = async () => {
    try {
      await request.mutateAsync(reason.trim());
      setAsking(false);
      void message.success("删除申请已提交");
    } catch (error) {
      showError(error);
    }
  };
  return (
    <div className="rc-shell">
      <main className="rc-page" data-testid="receipt-page">
        <h1>{receipt.questionnaireTitle}</h1>
        <p className="rc-meta">我的答卷 · 提交于 {receipt.submittedAt}</p>
        <ReviewState review={receipt.review} />
        {receipt.erasure && <ErasureState erasure={receipt.erasure} />}
        {receipt.state === "deleted" ? (
          <p className="rc-note">答卷内容已删除，不再保存。</p>
        ) : (
          <ol className="rc-items" aria-label="我的回答">
            {receipt.items.map((item) => (
              <li key={item.questionId}>
                <h2>{item.title}</h2>
                <p>{item.text}</p>
              </li>
            ))}
          </ol>
        )}
        {/* 预约 (issue #41): the publicId lets 改约 read the live slots. */}
        <BookingSection token={token} publicId={receipt.publicId} bookings={receipt.bookings ?? []} />
        {/* 商品 (issue #41): an order still open can be paid from here. */}
        <OrderSection token={token} orders={receipt.orders ?? []} />
        <div className="rc-actions">
          {receipt.state === "kept" && (
            <Button
              icon={<DownloadOutlined />}
              onClick={() => saveBlob(receiptCsv(receipt), `${receipt.questionnaireTitle}_我的答卷.csv`)}
            >
              下载我的答卷
            </Button>
          )}
          {canAsk && (
            <Button danger icon={<DeleteOutlined />} onClick={() => setAsking(true)}>
              申请删除
            </Button>
          )}
        </div>
        <p className="rc-note">
          此链接只有您持有，请妥善保存。申请删除后，问卷发布者同意即彻底删除这份答卷（不可恢复）；不同意时会说明原因。
        </p>
        <Modal
          open={asking}
          title="申请删除这份答卷"
          okText="提交申请"
          cancelText="取消"
          okButtonProps={{ danger: true, loading: request.isPending }}
          onOk={() => void submitRequest()}
          onCancel={() => setAsking(false)}
        >
          <p>问卷发布者处理后，您可在本页查看结果。</p>
          <Input.TextArea
            aria-label="删除原因（选填）"
            placeholder="删除原因（选填）"
            value={reason}
            maxLength={ERASURE_REASON_MAX}
            showCount
            rows={3}
            onChange={(event) => setReason(event.target.value)}
          />
        </Modal>
      </main>
    </div>
  );
}
