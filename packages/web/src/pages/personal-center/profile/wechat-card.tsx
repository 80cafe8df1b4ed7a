import { WechatOutlined } from "@ant-design/icons";
import { isWeChatBrowser, messages } from "@wjgj/core";
import { App, Button, Card, Modal, Popconfirm, Skeleton } from "antd";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useUnbindWeChatMutation, useWeChatBinding, useWeChatOptions } from "../../../api/wechat-login.ts";
import { WeChatOneTapButton } from "../../../components/wechat/wechat-one-tap.tsx";
import { WeChatQrFrame } from "../../../components/wechat/wechat-qr-frame.tsx";
import { useApiError } from "../../../hooks/use-api-error.ts";
import { wechatErrorMessage } from "../../../lib/wechat-error.ts";

const PROFILE_PATH = "/dc/personalCenter?type=1";

/** The outcome WeChat's callback put in the address (wxbound / wxerror), shown once and taken out of it. */
function useBindOutcome() {
  const [params, setParams] = useSearchParams();
  const { message } = App.useApp();
  useEffect(() => {
    if (!params.has("wxbound") && !params.has("wxerror")) return;
    const error = wechatErrorMessage(params.get("wxerror"));
    if (error) void message.error(error);
    else if (params.get("wxbound") === "1") void message.success(messages.wechatBound);
    const next = new URLSearchParams(params);
    next.delete("wxbound");
    next.delete("wxerror");
    setParams(next, { replace: true });
  }, [params, setParams, message]);
}

/** 微信绑定: sign in with WeChat to this account; hidden when the site has no WeChat sign-in configured. */
export function WeChatCard() {
  const options = useWeChatOptions().data;
  const inWeChat = isWeChatBrowser(navigator.userAgent);
  const canBind = Boolean(inWeChat ? options?.inWeChatLogin : options?.scanLogin);
  const binding = useWeChatBinding(canBind);
  const unbind = useUnbindWeChatMutation();
  const showError = useApiError();
  const { message } = App.useApp();
  const [scanning, setScanning] = useState(false);
  useBindOutcome();

  if (!canBind) return null;
  const status = binding.data;

  const handleUnbind = () =>
    unbind.mutate(undefined, {
      onSuccess: () => void message.success(messages.wechatUnbound),
      onError: (error) => showError(error),
    });

  const action = !status ? null : status.bound ? (
    <Popconfirm
      title="解除微信绑定"
      description="解除后将不能再用该微信登录本账号，确定解除吗？"
      okText="解除绑定"
      cancelText="取消"
      onConfirm={handleUnbind}
    >
      <Button danger loading={unbind.isPending} data-testid="wechat-unbind">
        解除绑定
      </Button>
    </Popconfirm>
  ) : inWeChat ? (
    <WeChatOneTapButton purpose="bind" label="绑定当前微信" returnTo={PROFILE_PATH} block={false} />
  ) : (
    <Button icon={<WechatOutlined />} onClick={() => setScanning(true)} data-testid="wechat-bind">
      绑定微信
    </Button>
  );

  return (
    <Card title="微信绑定" className="wj-profile__card" data-testid="wechat-card">
      {status ? (
        <div className="wj-profile__wechat">
          <div>
            <div className="wj-profile__wechat-name">
              {status.bound ? `已绑定微信${status.nickname ? `：${status.nickname}` : ""}` : "未绑定微信"}
            </div>
            <div className="wj-profile__muted">
              {status.bound
                ? `绑定时间 ${status.boundAt} · 可使用微信登录`
                : "绑定后可使用微信登录，无需输入密码"}
            </div>
          </div>
          {action}
        </div>
      ) : (
        <Skeleton active paragraph={{ rows: 1 }} />
      )}
      <Modal
        title="微信扫码绑定"
        open={scanning}
        onCancel={() => setScanning(false)}
        footer={null}
        destroyOnHidden
        width={360}
      >
        <WeChatQrFrame purpose="bind" returnTo={PROFILE_PATH} />
        <p className="wj-wechat-tip">请使用要绑定的微信扫一扫</p>
      </Modal>
    </Card>
  );
}
