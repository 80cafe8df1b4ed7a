import { CopyOutlined, LinkOutlined } from "@ant-design/icons";
import { type ExportFilter, REPORT_SHARE_PASSWORD, type SaveReportShareInput } from "@wjgj/core";
import { App, Button, Input, Popconfirm, Space, Switch } from "antd";
import { useState } from "react";
import { useReportShare, useSaveReportShare } from "../../../api/report-share.ts";
import { useAccess } from "../../../components/permitted.tsx";
import { useApiError } from "../../../hooks/use-api-error.ts";
import { copyText } from "../../../lib/copy-text.ts";

/**
 * 分享数据报告 (in the 分析报告 card): a read-only web page of the report at /report/{token}, switched on and
 * off here, with an optional password; it shows the sections ticked above and the current 筛选 as they were
 * when last saved. Only those who manage the responses see it (the link shows the results to anyone).
 */
export function ReportSharePanel({ id, filter }: { id: number; filter: ExportFilter }) {
  const may = useAccess().may("manageResponses");
  const share = useReportShare(id, may);
  const save = useSaveReportShare();
  const { message } = App.useApp();
  const showError = useApiError();
  // null: as saved; typing makes it the password the next save sends.
  const [typed, setTyped] = useState<string | null>(null);
  if (!may) return null;
  const data = share.data;
  const link = data?.token ? `${window.location.origin}/report/${data.token}` : "";
  const password = typed ?? data?.password ?? "";

  const run = async (input: Omit<SaveReportShareInput, "id">, done: string) => {
    try {
      await save.mutateAsync({ id, ...input });
      setTyped(null);
      void message.success(done);
    } catch (error) {
      showError(error);
    }
  };
  const copy = async () => {
    if (await copyText(link)) void message.success("链接已复制");
    else void message.error("复制失败，请手动选择链接复制");
  };

  return (
    <section className="wj-report-share" aria-labelledby="wj-report-share-title" data-testid="report-share">
      <div className="wj-report-share__head">
        <h4 id="wj-report-share-title">分享数据报告</h4>
        <Switch
          aria-labelledby="wj-report-share-title"
          checked={data?.enabled ?? false}
          loading={share.isPending || (save.isPending && save.variables?.renew !== true)}
          onChange={(enabled) =>
            void run(
              { enabled, ...(enabled ? { filter } : {}) },
              enabled ? "已开启数据报告分享" : "已关闭数据报告分享，原链接暂时无法访问",
            )
          }
        />
        {/* The state in words beside the switch (text inside a grey switch cannot reach 4.5:1). */}
        <span className="wj-muted" aria-hidden>
          {data?.enabled ? "已开启" : "未开启"}
        </span>
      </div>
      <p className="wj-muted wj-export__hint">
        开启后，任何拿到链接的人无需登录即可在网页上查看这份报告（不含填写者的个人信息）；关闭后链接立即失效，再次开启恢复原链接。
      </p>
      {data?.enabled && link && (
        <Space orientation="vertical" size={12} className="wj-report-share__body">
          <Space.Compact block>
            <Input readOnly value={link} aria-label="数据报告链接" />
            <Button icon={<CopyOutlined />} onClick={() => void copy()}>
              复制链接
            </Button>
            <Button icon={<LinkOutlined />} href={link} target="_blank" rel="noopener noreferrer">
              打开
            </Button>
          </Space.Compact>
          <Space wrap>
            <Input
              aria-label="报告密码"
              placeholder="报告密码（选填，4-20位）"
              value={password}
              maxLength={REPORT_SHARE_PASSWORD.max}
              onChange={(event) => setTyped(event.target.value)}
              style={{ width: 220 }}
            />
            <Button
              type="primary"
              loading={save.isPending && save.variables?.password !== undefined}
              onClick={() => void run({ enabled: true, filter, password: password.trim() }, "分享设置已保存")}
            >
              保存并按当前内容更新
            </Button>
            <Popconfirm
              title="重新生成链接"
              description="生成新链接后，原链接将永久失效，确定吗？"
              okText="重新生成"
              cancelText="取消"
              onConfirm={() => run({ enabled: true, renew: true }, "已生成新链接，原链接已失效")}
            >
              <Button>重新生成链接</Button>
            </Popconfirm>
          </Space>
          <p className="wj-muted wj-export__hint">
            {data.password
              ? `已设置密码，查看者需输入密码 ${data.password}。`
              : "未设置密码，凭链接即可查看。"}
            报告内容为保存时勾选的部分和筛选条件，数据随答卷每分钟更新。
          </p>
        </Space>
      )}
    </section>
  );
}
