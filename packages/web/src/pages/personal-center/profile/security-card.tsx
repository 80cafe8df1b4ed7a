import type { AccountSecurity } from "@wjgj/core";
import { Button, Card, List } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { maskPhone } from "./own-code-field.tsx";
import { PasswordModal } from "./password-modal.tsx";
import { PhoneModal } from "./phone-modal.tsx";

/** 账号安全: the login password and the bound phone. */
export function SecurityCard({ security }: { security: AccountSecurity }) {
  const [dialog, setDialog] = useState<"password" | "phone" | null>(null);
  return (
    <Card title="账号安全" className="wj-profile__card">
      {/* Rows through dataSource: antd then puts the items in a <ul>, as list items need. */}
      <List
        itemLayout="horizontal"
        dataSource={[
          {
            key: "password",
            title: "登录密码",
            description: security.hasPassword
              ? "已设置，可使用手机号 + 密码登录"
              : "未设置，目前只能使用验证码登录",
            action: (
              <Button key="password" onClick={() => setDialog("password")} data-testid="password-action">
                {security.hasPassword ? "修改密码" : "设置密码"}
              </Button>
            ),
          },
          {
            key: "phone",
            title: "手机号",
            description: security.phone ? maskPhone(security.phone) : "未绑定",
            action: security.phone ? (
              <Button key="phone" onClick={() => setDialog("phone")} data-testid="phone-action">
                更换手机号
              </Button>
            ) : (
              <Link key="bind" to="/ConfirmPhone" data-testid="bind-phone-link">
                去绑定
              </Link>
            ),
          },
        ]}
        renderItem={(row) => (
          <List.Item key={row.key} actions={[row.action]}>
            <List.Item.Meta title={row.title} description={row.description} />
          </List.Item>
        )}
      />
      <PasswordModal
        open={dialog === "password"}
        hasPassword={security.hasPassword}
        phone={security.phone}
        onClose={() => setDialog(null)}
      />
      {security.phone && (
        <PhoneModal
          open={dialog === "phone"}
          phone={security.phone}
          hasPassword={security.hasPassword}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}
