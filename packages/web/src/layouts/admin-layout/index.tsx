import { DownOutlined, UpOutlined } from "@ant-design/icons";
import { Breadcrumb, Menu, type MenuProps } from "antd";
import { type ReactNode, Suspense, useEffect, useState } from "react";
import { Link, Outlet, useLocation, useNavigate } from "react-router";
import { showPermissionBox } from "../../api/feedback.ts";
import { PageLoading } from "../../components/page-loading.tsx";
import { useUserStore } from "../../stores/user-store.ts";
import { adminSections, sectionOf } from "./sections.ts";
import "./admin-layout.css";

function menuItems(): MenuProps["items"] {
  const items: NonNullable<MenuProps["items"]> = [];
  const groups = new Map<
    string,
    { key: string; label: string; children: { key: string; label: ReactNode }[] }
  >();
  for (const section of adminSections) {
    const item = { key: section.path, label: <Link to={`/dw/${section.path}`}>{section.title}</Link> };
    if (!section.group) {
      items.push(item);
      continue;
    }
    let group = groups.get(section.group);
    if (!group) {
      group = { key: `group:${section.group}`, label: section.group, children: [] };
      groups.set(section.group, group);
      items.push(group);
    }
    group.children.push(item);
  }
  return items;
}

const items = menuItems();

/**
 * The admin console under /dw/: a side menu of its sections, breadcrumbs, and the screen. Accounts that
 * are not admins get the permission box of seed §6 and nothing else (the server refuses them every admin
 * call anyway).
 */
export function AdminLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const userInfo = useUserStore((state) => state.userInfo);
  const denied = userInfo !== null && userInfo.role !== "admin";
  const section = sectionOf(pathname);
  // On a phone the menu folds under one button (the section's name), so a screen starts at the top of the
  // page rather than below twenty menu entries. It is open for the screen it was opened on, so choosing another
  // screen folds it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;

  useEffect(() => {
    if (denied) showPermissionBox(() => navigate("/"));
  }, [denied, navigate]);

  // The box alone answers a refused visitor; a 403 page behind it said the same thing twice. Until the
  // account is known nothing of the console renders, so its screens fire no calls the server refuses.
  if (denied) return null;
  if (userInfo === null) return <PageLoading />;

  return (
    <div className="wj-admin" data-testid="admin-layout">
      <nav className="wj-admin__side" aria-label="管理后台菜单" data-open={menuOpen}>
        <div className="wj-admin__brand">管理后台</div>
        <button
          type="button"
          className="wj-admin__toggle"
          aria-expanded={menuOpen}
          data-testid="admin-menu-toggle"
          onClick={() => setOpenOn(menuOpen ? null : pathname)}
        >
          <span>{section?.title ?? "管理后台"}</span>
          <span className="wj-admin__toggle-hint">
            {menuOpen ? "收起菜单" : "切换页面"}{" "}
            {menuOpen ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
          </span>
        </button>
        <Menu
          mode="inline"
          items={items}
          selectedKeys={section ? [section.path] : []}
          defaultOpenKeys={[`group:${adminSections.find((s) => s.group)?.group ?? ""}`]}
          data-testid="admin-menu"
        />
      </nav>
      <div className="wj-admin__body">
        <Breadcrumb
          className="wj-admin__crumbs"
          items={[
            { title: <Link to="/dw/survey">管理后台</Link> },
            ...(section?.group ? [{ title: section.group }] : []),
            ...(section ? [{ title: section.title }] : []),
          ]}
        />
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
