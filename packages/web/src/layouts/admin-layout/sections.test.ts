import { describe, expect, it } from "vitest";
import { adminRoutes } from "./routes.tsx";
import { adminSections, sectionOf } from "./sections.ts";

describe("admin sections", () => {
  it("finds the section of a console path, case-insensitively and below it", () => {
    expect(sectionOf("/dw/content/news")?.title).toBe("资讯");
    expect(sectionOf("/DW/Admin/User")?.title).toBe("用户管理");
    expect(sectionOf("/dw/survey/")?.title).toBe("问卷管理");
    expect(sectionOf("/dw/content")).toBeUndefined();
    expect(sectionOf("/dw")).toBeUndefined();
  });

  it("gives every menu entry a route with a screen", () => {
    for (const section of adminSections) {
      const route = adminRoutes.find((candidate) => candidate.path === section.path);
      expect(route?.element, section.path).toBeTruthy();
    }
  });
});
