import { CloseOutlined, MenuOutlined } from "@ant-design/icons";
import { activeSiteNav, SITE_NAV } from "@wjgj/core";
import { Button, Menu, type MenuProps } from "antd";
import { Link, useLocation } from "react-router";
import { BrandLogo } from "../../components/brand-logo.tsx";
import { useNavStore } from "../../stores/nav-store.ts";
import { ConsoleEntry } from "./console-entry.tsx";
import { PhoneMenu } from "./phone-menu.tsx";

const menuItems: MenuProps["items"] = SITE_NAV.map((item) =>
  item.children
    ? {
        key: item.to,
        label: item.label,
        popupClassName: "wj-site-submenu",
        children: item.children.map((child) => ({
          key: child.to,
          label: (
            <Link to={child.to} className="wj-site-submenu__link">
              <span className="wj-site-submenu__label">{child.label}</span>
              {child.description && <span className="wj-site-submenu__desc">{child.description}</span>}
            </Link>
          ),
        })),
      }
    : { key: item.to, label: <Link to={item.to}>{item.label}</Link> },
);

/** Header of the public site (seed §1, §2); on narrow screens the menu folds into a hamburger. */
export function SiteHeader() {
  // From the address, not the store the layout fills after rendering: the server-rendered menu already
  // marks the right entry, so nothing moves when the page hydrates.
  const activeNav = activeSiteNav(useLocation().pathname);
  const phoneMenuActive = useNavStore((state) => state.phoneMenuActive);
  const setPhoneMenuActive = useNavStore((state) => state.setPhoneMenuActive);

  return (
    <header className="wj-site-header" data-testid="site-header">
      <div className="wj-site-header__inner">
        <BrandLogo />
        <nav className="wj-site-header__nav" aria-label="网站导航">
          <Menu mode="horizontal" selectedKeys={[activeNav]} items={menuItems} disabledOverflow />
        </nav>
        <div className="wj-site-header__entry">
          <ConsoleEntry />
        </div>
        <Button
          className="wj-site-header__burger"
          type="text"
          aria-label={phoneMenuActive ? "收起菜单" : "展开菜单"}
          aria-expanded={phoneMenuActive}
          aria-controls="wj-phone-menu"
          icon={phoneMenuActive ? <CloseOutlined /> : <MenuOutlined />}
          onClick={() => setPhoneMenuActive(!phoneMenuActive)}
        />
      </div>
      {phoneMenuActive && <PhoneMenu />}
    </header>
  );
}
