import { FileAddOutlined } from "@ant-design/icons";
import { Button, Empty } from "antd";
import { useNavigate } from "react-router";
import { loginPathFor } from "../../lib/guard.ts";
import { useSessionStore } from "../../stores/session-store.ts";

const DESCRIPTION =
  "这里将列出您创建的问卷、考试、投票与表单项目：按状态筛选、发布或停止收集、查看答卷与统计分析，以及管理与团队共享的项目。";

/**
 * My questionnaires (/dc/dclist). The list itself comes with the questionnaire issue; the route is open
 * to visitors by name (seed §5), who are invited to log in.
 */
export function DcListPage() {
  const hasToken = useSessionStore((state) => Boolean(state.token));
  const navigate = useNavigate();
  return (
    <section className="wj-placeholder" data-testid="dclist-page">
      <span className="wj-placeholder__eyebrow">项目管理</span>
      <h1>我的问卷</h1>
      <p>{DESCRIPTION}</p>
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={hasToken ? "还没有项目，先创建一个吧" : "登录后查看和管理您的问卷项目"}
      >
        {hasToken ? (
          <Button type="primary" icon={<FileAddOutlined />} onClick={() => navigate("/dc/creatDc")}>
            创建问卷
          </Button>
        ) : (
          <Button type="primary" onClick={() => navigate(loginPathFor("/dc/dclist"))}>
            登录 / 注册
          </Button>
        )}
      </Empty>
    </section>
  );
}
