import { DownOutlined } from "@ant-design/icons";
import { activeSiteNav, RESOURCE_LINKS, SITE_NAV, type SiteLink } from "@wjgj/core";
import { useState } from "react";
import { NavLink, useLocation } from "react-router";
import { useNavStore } from "../../stores/nav-store.ts";
import { ConsoleEntry } from "./console-entry.tsx";

interface GroupProps {
  label: string;
  links: readonly SiteLink[];
  open: boolean;
  onToggle: () => void;
  onPick: () => void;
}

function PhoneMenuGroup({ label, links, open, onToggle, onPick }: GroupProps) {
  return (
    <li className="wj-phone-menu__group">
      <button type="button" className="wj-phone-menu__row" aria-expanded={open} onClick={onToggle}>
        <span>{label}</span>
        <DownOutlined
          className={open ? "wj-phone-menu__caret wj-phone-menu__caret--open" : "wj-phone-menu__caret"}
        />
      </button>
      {open && (
        <ul className="wj-phone-menu__sub">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className="wj-phone-menu__sublink" onClick={onPick}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The folded site menu of narrow screens (seed §3 navigation state: phone menu and help menu flags). */
export function PhoneMenu() {
  const activeNav = activeSiteNav(useLocation().pathname);
  const helpMenuVisible = useNavStore((state) => state.helpMenuVisible);
  const setHelpMenuVisible = useNavStore((state) => state.setHelpMenuVisible);
  const setPhoneMenuActive = useNavStore((state) => state.setPhoneMenuActive);
  const [productsOpen, setProductsOpen] = useState(activeNav === "/website/product");
  const close = () => setPhoneMenuActive(false);

  return (
    <nav id="wj-phone-menu" className="wj-phone-menu" aria-label="手机导航" data-testid="phone-menu">
      <ul>
        {SITE_NAV.map((item) => {
          if (item.children === RESOURCE_LINKS) {
            return (
              <PhoneMenuGroup
                key={item.to}
                label={item.label}
                links={item.children}
                open={helpMenuVisible}
                onToggle={() => setHelpMenuVisible(!helpMenuVisible)}
                onPick={close}
              />
            );
          }
          if (item.children) {
            return (
              <PhoneMenuGroup
                key={item.to}
                label={item.label}
                links={item.children}
                open={productsOpen}
                onToggle={() => setProductsOpen(!productsOpen)}
                onPick={close}
              />
            );
          }
          return (
            <li key={item.to}>
              <NavLink
                to={item.to}
                className={() =>
                  `wj-phone-menu__row${activeNav === item.to ? " wj-phone-menu__row--active" : ""}`
                }
                onClick={close}
              >
                {item.label}
              </NavLink>
            </li>
          );
        })}
      </ul>
      <div className="wj-phone-menu__entry">
        <ConsoleEntry block />
      </div>
    </nav>
  );
}
