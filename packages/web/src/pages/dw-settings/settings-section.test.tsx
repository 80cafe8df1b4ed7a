import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { App, Form, Input } from "antd";
import { describe, expect, it } from "vitest";
import { SettingsSection } from "./settings-section.tsx";

function Section({ initial }: { initial: Record<string, unknown> | undefined }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <SettingsSection
          title="联系方式"
          testId="settings-contact"
          prefix="contact"
          initial={initial}
          toInput={(values) => ({ contact: values as never })}
        >
          <Form.Item name="phone" label="客服电话">
            <Input />
          </Form.Item>
          <Form.Item name="email" label="电子邮箱">
            <Input />
          </Form.Item>
        </SettingsSection>
      </App>
    </QueryClientProvider>
  );
}

const fieldValue = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe("a settings section", () => {
  it("keeps what the admin typed when the stored settings arrive or are refreshed, and fills the rest", () => {
    const { rerender } = render(<Section initial={undefined} />);
    fireEvent.change(screen.getByLabelText("客服电话"), { target: { value: "400-123-4567" } });
    rerender(<Section initial={{ phone: "400-000-0000", email: "service@example.com" }} />);
    expect(fieldValue("客服电话")).toBe("400-123-4567");
    expect(fieldValue("电子邮箱")).toBe("service@example.com");
    // A refresh after a save elsewhere on the screen: untouched fields follow it, typed ones stay.
    rerender(<Section initial={{ phone: "400-000-0000", email: "help@example.com" }} />);
    expect(fieldValue("客服电话")).toBe("400-123-4567");
    expect(fieldValue("电子邮箱")).toBe("help@example.com");
  });
});
