import { ClockCircleOutlined, EnvironmentOutlined, MailOutlined, PhoneOutlined } from "@ant-design/icons";
import { Alert, Skeleton } from "antd";
import { useContactInfo } from "../../api/navigation.ts";
import { LeadForm } from "../website-lead/lead-form.tsx";
import "../website-lead/website-lead.css";

const INTRO =
  "问卷管家专注在线问卷、考试、投票与表单收集，为个人、高校和企业提供简单可靠的数据收集工具。" +
  "商务合作、私有化部署或使用问题，欢迎随时与我们联系。";

/** 联系我们 (/website/companyProfile): the company, contact details from settings, and a contact form. */
export function WebsiteContactPage() {
  const contact = useContactInfo();
  const info = contact.data;
  return (
    <div className="wj-info-page" data-testid="contact-page">
      <header className="wj-info-page__head">
        <h1>联系我们</h1>
        <p>{INTRO}</p>
      </header>
      <div className="wj-info-page__grid">
        <section
          className="wj-info-page__card"
          aria-labelledby="contact-info-title"
          data-testid="contact-info"
        >
          <h2 id="contact-info-title">联系方式</h2>
          {contact.isError && <Alert type="error" showIcon message="联系方式加载失败，请稍后刷新重试" />}
          {contact.isPending && <Skeleton active />}
          {info && (
            <ul className="wj-info-page__list">
              <li>
                <PhoneOutlined aria-hidden="true" />
                <span>
                  客服电话：<a href={`tel:${info.phone.replace(/[^\d+]/g, "")}`}>{info.phone}</a>
                </span>
              </li>
              <li>
                <MailOutlined aria-hidden="true" />
                <span>
                  电子邮箱：<a href={`mailto:${info.email}`}>{info.email}</a>
                </span>
              </li>
              <li>
                <ClockCircleOutlined aria-hidden="true" />
                <span>服务时间：{info.workTime}</span>
              </li>
              <li>
                <EnvironmentOutlined aria-hidden="true" />
                <span>公司地址：{info.address}</span>
              </li>
            </ul>
          )}
        </section>
        <section className="wj-info-page__card" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">在线留言</h2>
          <LeadForm
            kind="contact"
            contentLabel="留言内容"
            contentPlaceholder="请描述您的需求或问题，我们会在一个工作日内回复"
            submitText="提交留言"
          />
        </section>
      </div>
    </div>
  );
}
