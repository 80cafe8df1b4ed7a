import { describe, expect, it } from "vitest";
import { ADMIN_MENU_KEY, activeMenuKey, DEFAULT_MENU_KEY } from "./menu-highlight.ts";

describe("activeMenuKey", () => {
  it("highlights the prefix contained in the path", () => {
    expect(activeMenuKey("/dw/survey/list")).toBe("/dw/survey");
    expect(activeMenuKey("/dw/admin/user")).toBe("/dw/admin/user");
    expect(activeMenuKey("/dw/user/5")).toBe("/dw/user");
    expect(activeMenuKey("/dc/template")).toBe("/dc/template");
    expect(activeMenuKey("/DC/Template")).toBe("/dc/template");
  });

  it("defaults to /dc/dcList", () => {
    expect(DEFAULT_MENU_KEY).toBe("/dc/dcList");
    for (const path of ["/dc/dclist", "/dc/creatDc", "/dc/personalCenter", "/", "/dc/createTemplate"]) {
      expect(activeMenuKey(path)).toBe("/dc/dcList");
    }
  });

  it("never falls back to 项目管理 on a console page", () => {
    for (const path of ["/dw", "/dw/content/news", "/DW/settings", "/dw/audit"]) {
      expect(activeMenuKey(path)).toBe(ADMIN_MENU_KEY);
    }
    expect(activeMenuKey("/dwx")).toBe(DEFAULT_MENU_KEY);
  });
});
