import { readFileSync } from "node:fs";
import path from "node:path";
import { render, screen } from "@testing-library/react";
import { Button, Modal, Select, Table } from "antd";
import { describe, expect, it } from "vitest";
import { AppProviders, createQueryClient } from "../app.tsx";

const web = path.basename(process.cwd()) === "web" ? "." : "packages/web";

/** Every `selector { declarations }` of the style elements antd put in the document. */
function injectedRules(): { selector: string; declarations: string[] }[] {
  const text = [...document.querySelectorAll("style")].map((style) => style.textContent ?? "").join("\n");
  return [...text.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selector = "", body = ""]) => ({
    selector: selector.trim(),
    declarations: body
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean),
  }));
}

describe("antd's styles", () => {
  it("are not generated in the browser: antd only declares the theme's variables, antd.css draws the components", () => {
    render(
      <AppProviders client={createQueryClient()}>
        <Button type="primary">保存</Button>
        <Select open options={[{ value: 1, label: "选项一" }]} value={1} />
        <Table
          rowKey="id"
          dataSource={[{ id: 1, name: "张三" }]}
          columns={[{ dataIndex: "name", title: "姓名" }]}
        />
        <Modal open title="确认">
          内容
        </Modal>
      </AppProviders>,
    );
    expect(screen.getByRole("button", { name: "保存" })).toBeTruthy();
    const rules = injectedRules();
    // The theme's tokens arrive as CSS variables (our colours, read by antd.css's rules).
    expect(rules.some((rule) => rule.declarations.includes("--ant-color-primary:#2b62eb"))).toBe(true);
    // No rule of a component's own: with runtime styles, `:where(.css-var-…).ant-btn{outline:none;…}` and the like
    // were generated on every page load (a third of a console page's script time).
    const componentRules = rules.filter(
      (rule) =>
        /\.ant-(btn|select|table|modal)\b/.test(rule.selector) &&
        rule.declarations.some((declaration) => !declaration.startsWith("--")),
    );
    expect(componentRules.map((rule) => rule.selector)).toEqual([]);
  });

  it("come from antd.css, loaded before the app's own stylesheet so the app's rules win ties", () => {
    const main = readFileSync(path.resolve(web, "src/main.tsx"), "utf8");
    const antd = main.indexOf('import "antd/dist/antd.css";');
    expect(antd).toBeGreaterThan(-1);
    expect(antd).toBeLessThan(main.indexOf('import "./styles/global.css";'));
  });
});
