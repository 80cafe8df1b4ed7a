import type { InviteState } from "@wjgj/core";
import { Button, Result, Space, Spin } from "antd";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../api/errors.ts";
import { teamApi, useInviteInfo } from "../../api/teams.ts";
import { loginPathFor } from "../../lib/guard.ts";
import { useSessionStore } from "../../stores/session-store.ts";

/** What each refused invitation says, with a way on. */
const refusedPages: Record<Exclude<InviteState, "ok">, { title: string; text: string }> = {
  expired: { title: "邀请已过期", text: "这个邀请链接已超过有效期，请向邀请人索取新的链接。" },
  revoked: { title: "邀请已被撤销", text: "邀请人已停用这个链接，请向邀请人索取新的链接。" },
  usedUp: { title: "邀请名额已用完", text: "这个链接已达到可使用次数上限，请向邀请人索取新的链接。" },
  member: { title: "您已是团队成员", text: "您已经加入了这个问卷项目，可在“共享给我的”中找到它。" },
  notForYou: {
    title: "该邀请不是发给您的",
    text: "这个邀请发给了其他账号，请使用受邀的手机号登录后再打开。",
  },
};

/**
 * /accept?code=…: a team invitation. Open without a login (seed §5): the invitee sees the project, the
 * inviter and the role, logs in or signs up when needed and comes back here to agree.
 */
export function AcceptPage() {
  const [search] = useSearchParams();
  const code = (search.get("code") ?? "").trim();
  const navigate = useNavigate();
  const loggedIn = useSessionStore((state) => Boolean(state.token));
  const info = useInviteInfo(code);
  const [joining, setJoining] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  const goShared = () => navigate("/dc/dclist?tab=shared");
  const handleAgree = async () => {
    if (!loggedIn) {
      navigate(loginPathFor(`/accept?code=${encodeURIComponent(code)}`));
      return;
    }
    setJoining(true);
    try {
      await teamApi.agreeTeam(code);
      goShared();
    } catch (error) {
      setRefused(error instanceof ApiError ? error.message : "加入失败，请稍后重试");
      await info.refetch();
    } finally {
      setJoining(false);
    }
  };

  let body: React.ReactNode;
  if (!code || info.error) {
    body = (
      <Result
        status="warning"
        title="邀请链接无效"
        subTitle="链接不完整或邀请不存在，请向邀请人索取新的链接。"
        extra={<Button onClick={() => navigate("/dc/dclist")}>我的问卷</Button>}
      />
    );
  } else if (!info.data) {
    body = <Spin size="large" aria-label="正在加载邀请" />;
  } else if (info.data.state !== "ok") {
    const page = refusedPages[info.data.state];
    body = (
      <Result
        status={info.data.state === "member" ? "info" : "warning"}
        title={page.title}
        subTitle={page.text}
        extra={
          <Button type="primary" onClick={goShared}>
            查看共享给我的问卷
          </Button>
        }
      />
    );
  } else {
    const invite = info.data;
    body = (
      <Result
        status="info"
        title={`${invite.inviter.nickName || "团队成员"} 邀请您加入问卷项目`}
        subTitle={
          <div className="wj-accept__details">
            <p>
              项目：<strong>{invite.questionnaire.title}</strong>
            </p>
            <p>
              角色：<strong>{invite.roleName}</strong>
            </p>
            <p>有效期至：{invite.expiresAt}</p>
            {refused && <p role="alert">{refused}</p>}
          </div>
        }
        extra={
          <Space wrap>
            <Button type="primary" loading={joining} onClick={handleAgree} data-testid="accept-button">
              {loggedIn ? "接受邀请" : "登录后接受邀请"}
            </Button>
            <Button onClick={() => navigate("/website/home")}>暂不加入</Button>
          </Space>
        }
      />
    );
  }
  return (
    <main className="wj-placeholder" data-testid="accept-page">
      <span className="wj-placeholder__eyebrow">团队邀请</span>
      {body}
    </main>
  );
}
