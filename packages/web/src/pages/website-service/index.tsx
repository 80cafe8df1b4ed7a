import { LinkButton } from "../../components/link-button.tsx";
import { LeadForm } from "../website-lead/lead-form.tsx";
import "../website-lead/website-lead.css";

const FEATURES: readonly { title: string; text: string }[] = [
  { title: "精准定向", text: "按地区、年龄、性别、职业、行业等条件筛选答题人群，样本结构符合研究设计。" },
  { title: "真实有效", text: "实名样本库配合答题时长、陷阱题与 IP 去重等质量控制，剔除无效答卷不计费。" },
  { title: "快速回收", text: "常规需求 1-3 个工作日完成回收，进度在后台实时可查。" },
  { title: "按量计费", text: "按有效答卷数量计费，提交需求后由顾问根据条件与题量给出报价。" },
];

const STEPS = ["提交需求", "顾问确认条件与报价", "发布并投放问卷", "质量审核", "交付数据与报告"];

const INTRO =
  "没有足够的答题人群？问卷管家样本服务帮你把问卷投放给符合条件的真实用户，" +
  "适用于市场调研、学术研究、产品测试和满意度调查。";

/** 样本服务 (/website/service): what the sample service is, and a request form stored as a lead. */
export function WebsiteServicePage() {
  return (
    <div className="wj-info-page" data-testid="service-page">
      <header className="wj-info-page__head">
        <h1>样本服务</h1>
        <p>{INTRO}</p>
      </header>
      <div className="wj-info-page__features">
        {FEATURES.map((feature) => (
          <section key={feature.title} className="wj-info-page__card">
            <h3>{feature.title}</h3>
            <p>{feature.text}</p>
          </section>
        ))}
      </div>
      <div className="wj-info-page__grid">
        <section className="wj-info-page__card" aria-labelledby="service-steps-title">
          <h2 id="service-steps-title">服务流程</h2>
          <ol className="wj-info-page__list">
            {STEPS.map((step, index) => (
              <li key={step}>
                <strong>{index + 1}.</strong>
                <span>{step}</span>
              </li>
            ))}
          </ol>
          <LinkButton to="/dc/creatDc">先去创建问卷</LinkButton>
        </section>
        <section className="wj-info-page__card" aria-labelledby="service-form-title">
          <h2 id="service-form-title">提交样本需求</h2>
          <LeadForm
            kind="service"
            contentLabel="需求说明"
            contentPlaceholder="例如：需要 1000 份华东地区 25-40 岁白领的有效答卷，题量约 20 题"
            submitText="提交需求"
          />
        </section>
      </div>
    </div>
  );
}
