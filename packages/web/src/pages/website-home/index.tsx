import {
  BankOutlined,
  BarChartOutlined,
  CheckCircleOutlined,
  CloudServerOutlined,
  FormOutlined,
  LikeOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  ShopOutlined,
  SmileOutlined,
  TrophyOutlined,
  UserOutlined,
} from "@ant-design/icons";
import { PRODUCT_LINKS } from "@wjgj/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { type Figure, FigureList } from "../../components/site-blocks/figure-list.tsx";
import { FreeUseLink } from "../website-product/components/free-use-link.tsx";
import { HomeCarousel } from "./components/home-carousel.tsx";
import "../../components/site-blocks/site-blocks.css";
import "./website-home.css";

const PRODUCT_ICONS: Record<string, ReactNode> = {
  search: <FormOutlined aria-hidden />,
  exam: <TrophyOutlined aria-hidden />,
  collection: <CheckCircleOutlined aria-hidden />,
  vote: <LikeOutlined aria-hidden />,
  survey: <SmileOutlined aria-hidden />,
  knowledge: <BarChartOutlined aria-hidden />,
  private: <CloudServerOutlined aria-hidden />,
};

/** What the product offers, counted from what it does (not invented user numbers). */
const NUMBERS: readonly Figure[] = [
  { value: "30+", label: "种题型，选择、填空、打分、矩阵、签名" },
  { value: "6 类", label: "项目：问卷、考试、表单、投票、满意度、竞赛" },
  { value: "7 种", label: "逻辑：跳题、显示、选项关联、配额等" },
  { value: "0 元", label: "个人版免费创建、发布与统计" },
];

const USE_CASES: readonly { icon: ReactNode; title: string; text: string; to: string }[] = [
  {
    icon: <ShopOutlined aria-hidden />,
    title: "企业",
    text: "市场调研、客户满意度回访、员工敬业度调查与培训考核，数据统一沉淀。",
    to: "/website/product/survey",
  },
  {
    icon: <ReadOutlined aria-hidden />,
    title: "学校与科研",
    text: "课堂测验、期中模拟考、毕业论文调研与课题问卷，量表与随机化都已具备。",
    to: "/website/product/exam",
  },
  {
    icon: <BankOutlined aria-hidden />,
    title: "政府与公共服务",
    text: "民意征集、普法与安全知识竞赛，需要时可私有化部署在本单位服务器。",
    to: "/website/product/private",
  },
  {
    icon: <UserOutlined aria-hidden />,
    title: "个人与社群",
    text: "活动报名、班级投票、聚会时间统计，一个链接发到群里就能收集。",
    to: "/website/product/collection",
  },
];

const STRENGTHS: readonly { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <SafetyCertificateOutlined className="wj-home__band-icon" aria-hidden />,
    title: "数据安全可控",
    text: "答卷数据只属于创建者，富文本与上传文件逐一检查，支持私有化部署",
  },
  {
    icon: <BarChartOutlined className="wj-home__band-icon" aria-hidden />,
    title: "统计分析即时可见",
    text: "答卷提交即统计，图表、交叉分析与原始数据一键导出",
  },
  {
    icon: <FormOutlined className="wj-home__band-icon" aria-hidden />,
    title: "上手零门槛",
    text: "粘贴文本自动识别题目，手机、电脑都能创建和填写",
  },
];

/** Website home (/website/home): banner, products, figures, use cases, strengths and 免费使用. */
export function WebsiteHomePage() {
  return (
    <div className="wj-home" data-testid="website-home">
      <HomeCarousel />

      <section className="wj-home__section" aria-labelledby="home-products">
        <h2 id="home-products">一个平台，覆盖所有数据收集场景</h2>
        <p className="wj-home__lead">从问卷调研到考试测评，从投票评选到信息收集</p>
        <div className="wj-home__products">
          {PRODUCT_LINKS.map((product) => (
            <Link key={product.to} to={product.to} className="wj-home__product">
              <span className="wj-site-icon wj-home__product-icon">
                {PRODUCT_ICONS[product.to.split("/").pop() ?? ""]}
              </span>
              <strong>{product.label}</strong>
              <span>{product.description}</span>
            </Link>
          ))}
        </div>
      </section>

      <section className="wj-home__numbers" aria-label="问卷管家的能力">
        <FigureList items={NUMBERS} />
      </section>

      <section className="wj-home__section" aria-labelledby="home-cases">
        <h2 id="home-cases">谁在用问卷管家</h2>
        <p className="wj-home__lead">企业、学校、机关与个人，都能找到合适的用法</p>
        <ul className="wj-home__cases">
          {USE_CASES.map((useCase) => (
            <li key={useCase.title}>
              <span className="wj-site-icon wj-home__product-icon">{useCase.icon}</span>
              <h3>{useCase.title}</h3>
              <p>{useCase.text}</p>
              <Link to={useCase.to} aria-label={`${useCase.title}：查看相关产品`}>
                查看相关产品
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="wj-home__band" aria-label="为什么选择问卷管家">
        <div className="wj-home__band-inner">
          {STRENGTHS.map((item) => (
            <div key={item.title}>
              {item.icon}
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </div>
          ))}
        </div>
      </section>

      <section className="wj-home__cta" aria-labelledby="home-cta">
        <h2 id="home-cta">现在开始，创建您的第一份问卷</h2>
        <p>个人版免费使用，手机号登录即可开始</p>
        <FreeUseLink className="wj-site-button wj-home__button wj-home__button--solid" />
      </section>
    </div>
  );
}
