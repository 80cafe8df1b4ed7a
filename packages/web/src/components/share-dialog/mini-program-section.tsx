import { CopyOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import type { SmallUrlScheme } from "@wjgj/core";
import { Button, Input, Space, Spin, Typography } from "antd";
import { ApiError } from "../../api/errors.ts";
import { http } from "../../api/request.ts";
import { Section } from "./section.tsx";

/** Whether the server said no mini program is configured (then the section is not offered at all). */
function notConfigured(error: unknown): boolean {
  return error instanceof ApiError && (error.data as { configured?: unknown } | null)?.configured === false;
}

/**
 * 微信小程序: a URL scheme that opens the mini program's answer page, offered when the server has a mini
 * program configured (queationaryTeam/getSmallUrlScheme answers `configured: false` otherwise).
 */
export function MiniProgramSection({ id, onCopy }: { id: number; onCopy: (text: string) => void }) {
  const scheme = useQuery({
    queryKey: ["mini-program-scheme", id],
    queryFn: () => http.post<SmallUrlScheme>("queationaryTeam/getSmallUrlScheme", { id }, { silent: true }),
    retry: false,
    staleTime: 60 * 60 * 1000,
  });
  if (scheme.isError && notConfigured(scheme.error)) return null;
  return (
    <Section title="微信小程序">
      {scheme.isPending && <Spin size="small" />}
      {scheme.data && (
        <>
          <Space.Compact block>
            <Input
              readOnly
              aria-label="小程序链接"
              value={scheme.data.openlink}
              data-testid="mini-program-link"
              onFocus={(event) => event.target.select()}
            />
            <Button icon={<CopyOutlined />} onClick={() => onCopy(scheme.data.openlink)}>
              复制
            </Button>
          </Space.Compact>
          <p className="wj-share__hint">
            在手机浏览器或短信中打开即可进入小程序答题，有效期至 {scheme.data.expireTime}。
          </p>
        </>
      )}
      {scheme.isError && (
        <Typography.Text type="danger">
          {scheme.error instanceof ApiError ? scheme.error.message : "小程序链接生成失败"}
          <Button type="link" size="small" onClick={() => void scheme.refetch()}>
            重试
          </Button>
        </Typography.Text>
      )}
    </Section>
  );
}
