import {
  CopyOutlined,
  DesktopOutlined,
  DownloadOutlined,
  ExportOutlined,
  MobileOutlined,
  QrcodeOutlined,
} from "@ant-design/icons";
import { type QuestionnaireKind, questionnaireKindNouns } from "@wjgj/core";
import { Alert, App, Button, Grid, Input, Modal, Space, Spin, Typography } from "antd";
import { copyText } from "../../lib/copy-text.ts";
import { MiniProgramSection } from "./mini-program-section.tsx";
import { Section } from "./section.tsx";
import { ShareCardSection } from "./share-card-section.tsx";
import { answerUrl, embedSnippet, previewUrl, qrFileName } from "./share-links.ts";
import { qrDataUrl, useQrCode } from "./use-qr-code.ts";
import "./share-dialog.css";

export interface ShareTarget {
  /** The questionnaire's own id: with it, a published one is also offered as a WeChat mini-program link. */
  id?: number;
  publicId: string;
  title: string;
  /** Only published questionnaires take answers; the dialog says so otherwise. */
  status: "draft" | "published" | "stopped";
  /** What the dialog calls it: 分享问卷, 分享考试, 考试链接… */
  kind: QuestionnaireKind;
}

export interface ShareDialogProps {
  target: ShareTarget | null;
  onClose: () => void;
  /** Offered when the questionnaire is not published yet. */
  onPublish?: () => void;
  publishing?: boolean;
}

const notOpenText: Record<Exclude<ShareTarget["status"], "published">, (noun: string) => string> = {
  draft: (noun) => `${noun}尚未发布，发布后答题者才能通过链接或二维码填写。`,
  stopped: (noun) => `${noun}已暂停收集，答题者打开链接会看到已暂停的提示。`,
};

/**
 * 分享: the answer link, a QR code (shown, downloadable as PNG) and an iframe snippet. Shared by the list
 * and the designer.
 */
export function ShareDialog({ target, onClose, onPublish, publishing }: ShareDialogProps) {
  const { message } = App.useApp();
  const narrow = Grid.useBreakpoint().sm === false;
  const origin = window.location.origin;
  const url = target ? answerUrl(origin, target.publicId) : null;
  const qr = useQrCode(url);
  const snippet = url && target ? embedSnippet(url, target.title) : "";
  const noun = questionnaireKindNouns[target?.kind ?? "survey"];

  const handleCopy = async (text: string, what: string) => {
    if (await copyText(text)) void message.success(`${what}已复制`);
    else void message.error("复制失败，请手动选择后复制");
  };

  const handleDownload = async () => {
    if (!url || !target) return;
    try {
      const link = document.createElement("a");
      link.href = await qrDataUrl(url, 640);
      link.download = qrFileName(target.title);
      link.click();
    } catch {
      void message.error("二维码生成失败，请稍后重试");
    }
  };

  const copyButton = url && (
    <Button type="primary" icon={<CopyOutlined />} onClick={() => handleCopy(url, "链接")}>
      复制链接
    </Button>
  );
  const openButton = url && (
    <Button icon={<ExportOutlined />} href={url} target="_blank" rel="noopener">
      打开
    </Button>
  );

  return (
    <Modal
      open={target !== null}
      onCancel={onClose}
      footer={null}
      width={720}
      title={
        <span className="wj-share__title">
          分享{noun}
          {target && <Typography.Text type="secondary">{target.title}</Typography.Text>}
        </span>
      }
      destroyOnHidden
    >
      {target && url && (
        <div className="wj-share" data-testid="share-dialog">
          {target.status !== "published" && (
            <Alert
              type="warning"
              showIcon
              className="wj-share__alert"
              title={notOpenText[target.status](noun)}
              action={
                onPublish && target.status === "draft" ? (
                  <Button size="small" type="primary" loading={publishing} onClick={onPublish}>
                    立即发布
                  </Button>
                ) : undefined
              }
            />
          )}
          <Section title={`${noun}链接`}>
            {narrow ? (
              // On a phone the buttons would leave the link box room for its origin alone: the whole link
              // wraps in its own box, the buttons under it.
              <div className="wj-share__link--narrow">
                <Input.TextArea
                  readOnly
                  autoSize
                  value={url}
                  data-testid="share-link"
                  onFocus={(event) => event.target.select()}
                />
                <Space>
                  {copyButton}
                  {openButton}
                </Space>
              </div>
            ) : (
              <Space.Compact block>
                <Input
                  readOnly
                  value={url}
                  data-testid="share-link"
                  onFocus={(event) => event.target.select()}
                />
                {copyButton}
                {openButton}
              </Space.Compact>
            )}
            <Space size={16} className="wj-share__previews">
              <a href={previewUrl(origin, target.publicId, "pc")} target="_blank" rel="noopener">
                <DesktopOutlined aria-hidden /> 电脑预览
              </a>
              <a href={previewUrl(origin, target.publicId, "phone")} target="_blank" rel="noopener">
                <MobileOutlined aria-hidden /> 手机预览
              </a>
            </Space>
          </Section>
          <div className="wj-share__grid">
            <Section title="二维码">
              <div className="wj-share__qr">
                {qr.status === "ready" && (
                  <img
                    src={qr.dataUrl}
                    alt={`${noun}二维码`}
                    width={168}
                    height={168}
                    data-testid="share-qr"
                  />
                )}
                {qr.status === "loading" && <Spin />}
                {qr.status === "failed" && (
                  <Typography.Text type="secondary">
                    <QrcodeOutlined aria-hidden /> 二维码生成失败
                  </Typography.Text>
                )}
              </div>
              <Button
                block
                icon={<DownloadOutlined />}
                onClick={handleDownload}
                disabled={qr.status !== "ready"}
              >
                下载二维码
              </Button>
              <p className="wj-share__hint">微信扫一扫即可填写，可印在海报、展架上。</p>
            </Section>
            <Section
              title="嵌入网页"
              extra={
                <Button
                  size="small"
                  type="link"
                  icon={<CopyOutlined />}
                  onClick={() => handleCopy(snippet, "嵌入代码")}
                >
                  复制代码
                </Button>
              }
            >
              <Input.TextArea
                readOnly
                value={snippet}
                autoSize={{ minRows: 6, maxRows: 8 }}
                className="wj-share__code"
                aria-label="嵌入代码"
              />
              <p className="wj-share__hint">把这段代码粘贴到网站的 HTML 中，{noun}会直接显示在页面里。</p>
            </Section>
          </div>
          {target.id !== undefined && <ShareCardSection id={target.id} title={target.title} noun={noun} />}
          {target.id !== undefined && target.status !== "draft" && (
            <MiniProgramSection id={target.id} onCopy={(text) => handleCopy(text, "小程序链接")} />
          )}
        </div>
      )}
    </Modal>
  );
}
