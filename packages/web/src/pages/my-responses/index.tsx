import { useQuery } from "@tanstack/react-query";
import { type MyResponses, messages } from "@wjgj/core";
import { Alert, Button, Form, List, Result, Spin } from "antd";
import { type ReactNode, useState } from "react";
import { Link, useParams } from "react-router";
import { ApiError } from "../../api/errors.ts";
import { rightsApi } from "../../api/respondent-rights.ts";
import { PhoneCodeFields, type PhoneCodeValues } from "../../components/phone-code-fields.tsx";
import { useApiError } from "../../hooks/use-api-error.ts";
import "../receipt/receipt.css";

/**
 * /mine/{publicId}: a respondent without the receipt link finds their responses to this questionnaire with a
 * code sent to the phone they answered with (issue #36); each opens as its receipt.
 */
export function MyResponsesPage() {
  const publicId = useParams().publicId ?? "";
  const showError = useApiError();
  const [form] = Form.useForm<PhoneCodeValues>();
  const [finding, setFinding] = useState(false);
  const [found, setFound] = useState<MyResponses | null>(null);
  // The questionnaire is named on arrival, and one without a phone question says so before any code is sent.
  const lookup = useQuery({
    queryKey: ["myResponsesLookup", publicId],
    queryFn: () => rightsApi.lookup(publicId),
    retry: false,
  });
  const find = async ({ phone, code }: PhoneCodeValues) => {
    setFinding(true);
    try {
      setFound(await rightsApi.find({ publicId, phone, code }));
    } catch (error) {
      showError(error);
    } finally {
      setFinding(false);
    }
  };
  const phoneForm = (
    <Form form={form} layout="vertical" className="rc-form" onFinish={(values) => void find(values)}>
      <PhoneCodeFields form={form} labelled send={rightsApi.sendCode} onError={showError} />
      <Button type="primary" htmlType="submit" loading={finding}>
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
      {byPhone ? phoneForm : <Alert type="info" showIcon title={messages.myResponsesNoPhone} />}
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
