import {
  ControlOutlined,
  FileTextOutlined,
  HomeOutlined,
  LogoutOutlined,
  SafetyCertificateOutlined,
  UserOutlined,
} from "@ant-design/icons";
import type { UserInfo } from "@wjgj/core";
import { Avatar } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { displayName, vipExpiryText } from "../../lib/vip.ts";
import { VipBadge } from "./vip-badge.tsx";

interface UserPanelProps {
  userInfo: UserInfo;
  onNavigate: () => void;
  onLogout: () => void;
}

interface PanelLink {
  to: string;
  label: string;
  icon: ReactNode;
}

const PANEL_LINKS: readonly PanelLink[] = [
  { to: "/dc/personalCenter?type=1", label: "个人中心", icon: <UserOutlined aria-hidden /> },
  {
    to: "/dc/personalCenter/personalDetail?type=3",
    label: "消费明细",
    icon: <FileTextOutlined aria-hidden />,
  },
  { to: "/website/home", label: "访问首页", icon: <HomeOutlined aria-hidden /> },
];

/** The admin reaches the console from the panel too, not only from the top menu. */
const ADMIN_LINK: PanelLink = { to: "/dw/survey", label: "管理后台", icon: <ControlOutlined aria-hidden /> };

export function avatarSource(userInfo: UserInfo): string | undefined {
  return userInfo.avatar || userInfo.headImg || undefined;
}

/** The avatar's hover panel (seed §2). */
export function UserPanel({ userInfo, onNavigate, onLogout }: UserPanelProps) {
  const isAdmin = userInfo.role === "admin";
  // An admin account carries vipLevel 0, but 个人版 would misstate who is signed in.
  const expiry = isAdmin ? null : vipExpiryText(userInfo);
  const links = isAdmin ? [...PANEL_LINKS.slice(0, 1), ADMIN_LINK, ...PANEL_LINKS.slice(1)] : PANEL_LINKS;
  return (
    <div className="wj-user-panel" data-testid="user-panel">
      <div className="wj-user-panel__head">
        <Avatar size={44} src={avatarSource(userInfo)} icon={<UserOutlined aria-hidden />} />
        <div className="wj-user-panel__who">
          <div className="wj-user-panel__name">{displayName(userInfo)}</div>
          {userInfo.phone && userInfo.nickName && (
            <div className="wj-user-panel__nick" data-testid="panel-nickname">
              {userInfo.nickName}
            </div>
          )}
          <div className="wj-user-panel__level">
            {isAdmin ? (
              <span className="wj-vip-badge wj-vip-badge--admin" data-testid="admin-badge">
                <SafetyCertificateOutlined />
                管理员
              </span>
            ) : (
              // The badge leads to buying or renewing a level (the wallet, issue #16).
              <Link to="/dc/personalCenter?type=2" onClick={onNavigate} title="开通或续费会员">
                <VipBadge level={userInfo.vipLevel} />
              </Link>
            )}
            {expiry && (
              <span className="wj-user-panel__expiry" data-testid="vip-expiry">
                {expiry}
              </span>
            )}
          </div>
        </div>
      </div>
      <ul className="wj-user-panel__items">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="wj-user-panel__item" onClick={onNavigate}>
              {link.icon}
              <span>{link.label}</span>
            </Link>
          </li>
        ))}
        <li className="wj-user-panel__divider">
          <button
            type="button"
            className="wj-user-panel__item wj-user-panel__item--danger"
            onClick={onLogout}
          >
            <LogoutOutlined />
            <span>退出登录</span>
          </button>
        </li>
      </ul>
    </div>
  );
}
