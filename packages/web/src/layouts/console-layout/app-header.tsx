import { DownOutlined, UserOutlined } from "@ant-design/icons";
import { Avatar, Button, Popover } from "antd";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { BrandLogo } from "../../components/brand-logo.tsx";
import { loginPathFor } from "../../lib/guard.ts";
import { displayName } from "../../lib/vip.ts";
import { useUserStore } from "../../stores/user-store.ts";
import { NoticeBell } from "./notice-bell.tsx";
import { TopMenu } from "./top-menu.tsx";
import { useLogout } from "./use-logout.ts";
import { avatarSource, UserPanel } from "./user-panel.tsx";

/** Header of the logged-in area (seed §2). */
export function AppHeader() {
  const userInfo = useUserStore((state) => state.userInfo);
  const status = useUserStore((state) => state.status);
  const location = useLocation();
  const navigate = useNavigate();
  const [panelOpen, setPanelOpen] = useState(false);
  const logout = useLogout();

  const handleLogout = () => {
    setPanelOpen(false);
    logout();
  };

  return (
    <header className="wj-app-header" data-testid="app-header">
      <div className="wj-app-header__inner">
        <BrandLogo />
        <TopMenu isAdmin={userInfo?.role === "admin"} />
        <div className="wj-app-header__account">
          {userInfo && <NoticeBell />}
          {userInfo ? (
            <Popover
              open={panelOpen}
              onOpenChange={setPanelOpen}
              trigger="hover"
              // A little grace when the pointer crosses the gap between avatar and panel.
              mouseLeaveDelay={0.3}
              placement="bottomRight"
              arrow={false}
              content={
                <UserPanel
                  userInfo={userInfo}
                  onNavigate={() => setPanelOpen(false)}
                  onLogout={handleLogout}
                />
              }
            >
              {/* Named in full: at a phone's width the name is hidden and the icons are decoration. */}
              <button
                type="button"
                className="wj-app-header__avatar"
                data-testid="header-avatar"
                aria-label={`账户菜单：${displayName(userInfo)}`}
              >
                <Avatar size={32} src={avatarSource(userInfo)} icon={<UserOutlined aria-hidden />} />
                <span className="wj-app-header__name">{displayName(userInfo)}</span>
                <DownOutlined aria-hidden className="wj-app-header__caret" />
              </button>
            </Popover>
          ) : status === "loading" ? null : (
            <Button
              type="primary"
              onClick={() => navigate(loginPathFor(`${location.pathname}${location.search}`))}
            >
              登录 / 注册
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
