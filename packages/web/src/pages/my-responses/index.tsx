import { useQuery } from "@tanstack/react-query";
import { type MyResponses, messages } from "@wjgj/core";
import { Alert, App, Button, Form, Input, List, Result, Spin } from "antd";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { ApiError } from "../../api/errors.ts";
import { rightsApi } from "../../api/respondent-rights.ts";
import { useApiError } from "../../hooks/use-api-error.ts";
import "../receipt/receipt.css";

/**
 * /mine/{publicId}: a respondent without the receipt link finds their responses to this questionnaire with a
 * code sent to the phone they answered with (issue #36); each opens as its receipt.
 */
export function MyResponsesPage() {
  const publicId = useParams().publicId ?? "";
  const { message } = App.useApp();
  const showError = useApiError();
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);
  const [finding, setFinding] = useState(false);
  const [found, setFound] = useState<MyResponses | null>(null);
  // The questionnaire is named on arrival, and one without a phone question says so before any code is sent.
  const lookup = useQuery({
    queryKey: ["myResponsesLookup", publicId],
    queryFn: () => rightsApi.lookup(publicId),
    retry: false,
  });
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const send = async () => {
    setSending(true);
    try {
      await rightsApi.sendCode(phone.trim());
      setWait(60);
      void message.success("验证码已发送");
    } catch (error) {
      showError(error);
    } finally {
      setSending(false);
    }
  };
  const find = async () => {
    setFinding(true);
    try {
      setFound(await rightsApi.find({ publicId, phone: phone.trim(), code: code.trim() }));
    } catch (error) {
      showError(error);
    } finally {
      setFinding(false);
    }
  };
  const form = (
    <Form layout="vertical" onFinish={() => void find()}>
      <Form.Item label="手机号" htmlFor="mine-phone">
        <Input
          id="mine-phone"
          inputMode="numeric"
          maxLength={11}
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
        />
      </Form.Item>
      <Form.Item label="验证码" htmlFor="mine-code">
        <div className="rc-actions" style={{ margin: 0 }}>
          <Input
            id="mine-code"
            inputMode="numeric"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            style={{ maxWidth: 200 }}
          />
          <Button
            disabled={wait > 0 || phone.trim().length !== 11}
            loading={sending}
            onClick={() => void send()}
          >
            {wait > 0 ? `${wait} 秒后重新获取` : "获取验证码"}
          </Button>
        </div>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={finding} disabled={code.trim().length === 0}>
        查询
      </Button>
    </Form>
  );
  if (lookup.isPending)
    return (
      <Shell>
        <Spin />
      </Shell>
    );
  if (lookup.isError)
    return (
      <Shell>
        <Result
          status="warning"
          title="无法查询答卷"
          subTitle={lookup.error instanceof ApiError ? lookup.error.message : "网络异常，请稍后重试"}
        />
      </Shell>
    );
  const { questionnaireTitle, byPhone } = lookup.data;
  return (
    <Shell>
      <h1>{questionnaireTitle}</h1>
      <p className="rc-meta">
        查询我的答卷{byPhone ? " · 输入作答时填写的手机号，验证后可查看、下载或申请删除您的答卷。" : ""}
      </p>
      {byPhone ? form : <Alert type="info" showIcon title={messages.myResponsesNoPhone} />}
      {found && (
        <List
          className="rc-items"
          style={{ marginTop: 24 }}
          locale={{ emptyText: "没有找到用这个手机号提交的答卷" }}
          dataSource={found.list}
          renderItem={(item) => (
            <List.Item>
              <Link to={`/receipt/${encodeURIComponent(item.receiptToken)}`}>
                提交于 {item.submittedAt} 的答卷
              </Link>
            </List.Item>
          )}
        />
      )}
    </Shell>
  );
}

/** The receipt's grey, one white card on a wide screen. */
function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="rc-shell">
      <main className="rc-page" data-testid="my-responses-page">
        {children}
      </main>
    </div>
  );
}
