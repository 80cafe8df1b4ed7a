import { Menu } from "antd";
import { Link, useLocation } from "react-router";
import { ADMIN_MENU_KEY, activeMenuKey } from "../../lib/menu-highlight.ts";

interface TopMenuProps {
  isAdmin: boolean;
}

/**
 * The seed's prefixes name three console paths; the menu has two console entries, so each key lands on
 * the entry that owns it (a /dw/user path is about users, the rest of /dw is the console itself).
 */
const ENTRY_OF_KEY: Record<string, string> = {
  [ADMIN_MENU_KEY]: "/dw/survey",
  "/dw/user": "/dw/admin/user",
};

/** Top menu of the logged-in area (seed §2): 项目管理 and 模板中心, plus the admin console for admins. */
export function TopMenu({ isAdmin }: TopMenuProps) {
  const { pathname } = useLocation();
  const key = activeMenuKey(pathname);
  const items = [
    { key: "/dc/dcList", label: <Link to="/dc/dcList">项目管理</Link> },
    { key: "/dc/template", label: <Link to="/dc/template">模板中心</Link> },
    ...(isAdmin
      ? [
          { key: "/dw/survey", label: <Link to="/dw/survey">管理后台</Link> },
          {
            key: "/dw/admin/user",
            // A phone has room for three entries; 用户管理 is also first in the console's own menu.
            className: "wj-top-menu__wide-only",
            label: <Link to="/dw/admin/user">用户管理</Link>,
          },
        ]
      : []),
  ];
  return (
    <Menu
      className="wj-top-menu"
      mode="horizontal"
      selectedKeys={[ENTRY_OF_KEY[key] ?? key]}
      items={items}
      disabledOverflow
      data-testid="top-menu"
    />
  );
}
