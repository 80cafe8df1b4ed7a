import { WechatOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useState } from "react";
import { wechatLoginApi } from "../../api/wechat-login.ts";
import { useApiError } from "../../hooks/use-api-error.ts";

/**
 * Inside WeChat's browser: 微信一键登录 (or 绑定当前微信): the page goes to the 公众号's authorisation, which
 * comes straight back (silently, snsapi_base) to the site's callback.
 */
export function WeChatOneTapButton({
  purpose,
  returnTo,
  beforeStart,
  label,
  block = true,
}: {
  purpose: "login" | "bind";
  returnTo?: string;
  /** Asked first (the agreement on /Loginone); false stops. */
  beforeStart?: () => boolean;
  label: string;
  block?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const showError = useApiError();

  const handleClick = async () => {
    if (beforeStart && !beforeStart()) return;
    setBusy(true);
    try {
      const { url } = await wechatLoginApi.authorize({
        purpose,
        app: "oa",
        ...(returnTo ? { returnTo } : {}),
      });
      window.location.assign(url);
    } catch (error) {
      showError(error);
      setBusy(false);
    }
  };

  return (
    <Button
      size="large"
      block={block}
      icon={<WechatOutlined />}
      loading={busy}
      onClick={() => void handleClick()}
      className="wj-wechat-one-tap"
      data-testid="wechat-one-tap"
    >
      {label}
    </Button>
  );
}
