import { ArrowLeftOutlined, DesktopOutlined, MobileOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Button, Result, Segmented, Spin } from "antd";
import { useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { templateKeys, templatesApi } from "../../api/templates.ts";
import { TemplatePreview, TemplateSummary } from "../../components/template-details/index.tsx";
import { useQuoteTemplate } from "../../components/template-details/use-quote-template.ts";
import { loginPathFor } from "../../lib/guard.ts";
import { useSessionStore } from "../../stores/session-store.ts";
import "./questionnaire-details.css";

type Device = "pc" | "phone";

function todayText(): string {
  return new Date().toLocaleDateString("sv-SE");
}

/** /questionnaireDetails?id=…: a template shown whole and read-only, with 使用此模板 (seed §2). */
export function QuestionnaireDetailsPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const id = Number(search.get("id"));
  const validId = Number.isInteger(id) && id > 0;
  const hasToken = useSessionStore((state) => Boolean(state.token));
  const [device, setDevice] = useState<Device>("pc");

  const detail = useQuery({
    queryKey: templateKeys.detail(id),
    queryFn: () => templatesApi.detail(id),
    enabled: validId,
    retry: false,
  });
  const quote = useQuoteTemplate();

  const handleUse = () => {
    // Quoting needs an account: a visitor logs in first and comes back to this template.
    if (!hasToken) navigate(loginPathFor(`${location.pathname}${location.search}`));
    else quote.mutate(id);
  };

  if (!validId || detail.isError) {
    return (
      <Result
        status="404"
        title="模板不存在或已下架"
        subTitle="请回到模板中心挑选其他模板"
        extra={
          <Button type="primary" onClick={() => navigate("/dc/template")}>
            返回模板中心
          </Button>
        }
      />
    );
  }
  const template = detail.data;
  if (!template) return <Spin size="large" className="wj-tpl-detail__loading" />;

  return (
    <div className="wj-tpl-detail">
      <header className="wj-tpl-detail__bar">
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate("/dc/template")}>
          模板中心
        </Button>
        <Segmented
          aria-label="预览设备"
          value={device}
          onChange={(value) => setDevice(value as Device)}
          options={[
            { value: "pc", label: "电脑", icon: <DesktopOutlined /> },
            { value: "phone", label: "手机", icon: <MobileOutlined /> },
          ]}
        />
      </header>
      <div className="wj-tpl-detail__body">
        <aside className="wj-tpl-detail__info">
          <TemplateSummary template={template} block="wj-tpl-detail" />
          <Button type="primary" size="large" block loading={quote.isPending} onClick={handleUse}>
            使用此模板
          </Button>
        </aside>
        <TemplatePreview
          template={template}
          block="wj-tpl-detail"
          label="模板预览"
          frame={device}
          today={todayText()}
        />
      </div>
    </div>
  );
}
