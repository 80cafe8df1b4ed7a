import { ReloadOutlined } from "@ant-design/icons";
import { Alert, Button, Spin } from "antd";
import { useEffect, useState } from "react";
import { wechatLoginApi } from "../../api/wechat-login.ts";
import "./wechat.css";

/** WeChat's QR code expires after a few minutes; the frame is loaded afresh (a new state) before that. */
const QR_REFRESH_MS = 4 * 60_000;

/**
 * 微信扫码登录's QR code: WeChat's own page (开放平台网站应用) in a frame. Once the phone confirms, that page
 * moves this whole window to the site's callback, which signs in (or binds, for `purpose` bind).
 */
export function WeChatQrFrame({ purpose, returnTo }: { purpose: "login" | "bind"; returnTo?: string }) {
  const [round, setRound] = useState(0);
  const refresh = () => setRound((n) => n + 1);

  useEffect(() => {
    const timer = window.setInterval(() => setRound((n) => n + 1), QR_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);

  return (
    <div className="wj-wechat-qr" data-testid="wechat-qr">
      <QrRound key={round} purpose={purpose} returnTo={returnTo} />
      <Button
        type="link"
        size="small"
        icon={<ReloadOutlined />}
        onClick={refresh}
        data-testid="wechat-qr-refresh"
      >
        刷新二维码
      </Button>
    </div>
  );
}

/** One QR code: a fresh state and WeChat's page for it (a new round, a new state). */
function QrRound({ purpose, returnTo }: { purpose: "login" | "bind"; returnTo: string | undefined }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    wechatLoginApi
      .authorize({ purpose, app: "website", ...(returnTo ? { returnTo } : {}) })
      .then((answer) => live && setUrl(answer.url))
      .catch((failure: unknown) => {
        if (live) setError(failure instanceof Error && failure.message ? failure.message : "二维码加载失败");
      });
    return () => {
      live = false;
    };
  }, [purpose, returnTo]);

  return (
    <div className="wj-wechat-qr__box">
      {url ? (
        <iframe
          title="微信扫码登录二维码"
          src={url}
          className="wj-wechat-qr__frame"
          // WeChat's page moves the top window once the phone confirms, and nothing else.
          sandbox="allow-scripts allow-same-origin allow-top-navigation"
          referrerPolicy="no-referrer"
          data-testid="wechat-qr-frame"
        />
      ) : error ? (
        <Alert type="error" showIcon message={error} />
      ) : (
        <Spin>
          <div className="wj-wechat-qr__placeholder" role="status" aria-label="二维码加载中" />
        </Spin>
      )}
    </div>
  );
}
