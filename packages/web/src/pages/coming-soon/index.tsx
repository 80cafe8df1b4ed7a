import { Button, Space } from "antd";
import { useMatches, useNavigate } from "react-router";
import { deepestHandleValue } from "../../lib/route-handle.ts";

/** A screen a later issue builds: it names what will be there and offers a way on. */
export function ComingSoonPage() {
  const matches = useMatches();
  const navigate = useNavigate();
  const title = deepestHandleValue(matches, "title") ?? "敬请期待";
  const description = deepestHandleValue(matches, "description");
  return (
    <section className="wj-placeholder" data-testid="placeholder-page">
      <span className="wj-placeholder__eyebrow">即将上线</span>
      <h1>{title}</h1>
      {description && <p>{description}</p>}
      <Space wrap>
        <Button type="primary" onClick={() => navigate("/dc/dclist")}>
          我的问卷
        </Button>
        <Button onClick={() => navigate("/website/home")}>返回首页</Button>
      </Space>
    </section>
  );
}
