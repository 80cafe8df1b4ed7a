import { Menu } from "antd";
import { Link, useLocation } from "react-router";
import { activeMenuKey } from "../../lib/menu-highlight.ts";

interface TopMenuProps {
  isAdmin: boolean;
}

/** Top menu of the logged-in area (seed §2): 项目管理 and 模板中心, plus the admin console for admins. */
export function TopMenu({ isAdmin }: TopMenuProps) {
  const { pathname } = useLocation();
  const items = [
    { key: "/dc/dcList", label: <Link to="/dc/dcList">项目管理</Link> },
    { key: "/dc/template", label: <Link to="/dc/template">模板中心</Link> },
    // The highlight rule knows /dw/admin/user; admins reach their console from here.
    ...(isAdmin ? [{ key: "/dw/admin/user", label: <Link to="/dw/admin/user">用户管理</Link> }] : []),
  ];
  return (
    <Menu
      className="wj-top-menu"
      mode="horizontal"
      selectedKeys={[activeMenuKey(pathname)]}
      items={items}
      disabledOverflow
      data-testid="top-menu"
    />
  );
}
