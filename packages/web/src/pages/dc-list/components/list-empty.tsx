import { AppstoreOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Empty, Space } from "antd";
import { useNavigate } from "react-router";

/** No questionnaire at all: lead to creating the first one. With filters set: offer to clear them. */
export function ListEmpty({
  narrowed,
  starred = false,
  onClear,
}: {
  narrowed: boolean;
  /** 星标问卷: nothing marked yet, which says how to mark one. */
  starred?: boolean;
  onClear: () => void;
}) {
  const navigate = useNavigate();
  if (narrowed) {
    return (
      <Empty className="wj-dclist__empty" description="没有符合条件的问卷">
        <Button onClick={onClear}>清除筛选条件</Button>
      </Empty>
    );
  }
  if (starred) {
    return (
      <Empty
        className="wj-dclist__empty"
        description="还没有星标问卷。在「我创建的」里点问卷名称前的星标，常用的问卷就会出现在这里。"
      />
    );
  }
  return (
    <div className="wj-dclist__welcome" data-testid="dclist-empty">
      <Empty
        image={Empty.PRESENTED_IMAGE_DEFAULT}
        description={
          <>
            <strong>还没有项目，先创建一个吧</strong>
            <span>从空白开始、粘贴文本导入或套用模板，几分钟就能发出第一份问卷。</span>
          </>
        }
      >
        <Space>
          <Button type="primary" size="large" icon={<PlusOutlined />} onClick={() => navigate("/dc/creatDc")}>
            创建问卷
          </Button>
          <Button size="large" icon={<AppstoreOutlined />} onClick={() => navigate("/dc/template")}>
            浏览模板
          </Button>
        </Space>
      </Empty>
    </div>
  );
}
