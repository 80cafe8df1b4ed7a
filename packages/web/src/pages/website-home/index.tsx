import {
  BarChartOutlined,
  CheckCircleOutlined,
  CloudServerOutlined,
  FormOutlined,
  LikeOutlined,
  SafetyCertificateOutlined,
  SmileOutlined,
  TrophyOutlined,
} from "@ant-design/icons";
import { Button, Carousel, type CarouselRef } from "antd";
import type { ReactNode } from "react";
import { useRef } from "react";
import { Link, useNavigate } from "react-router";
import { PRODUCT_LINKS } from "../../lib/site-nav.ts";
import { useNavStore } from "../../stores/nav-store.ts";
import { HeroIllustration } from "./components/hero-illustration.tsx";
import "./website-home.css";

interface Slide {
  tab: string;
  title: string;
  subtitle: string;
  tone: string;
}

const SLIDES: readonly Slide[] = [
  {
    tab: "问卷调查",
    title: "专业问卷，轻松收集真实反馈",
    subtitle: "几十种题型、跳题与显示逻辑、配额控制，几分钟完成一份专业调研问卷",
    tone: "blue",
  },
  {
    tab: "在线考试",
    title: "在线考试，自动阅卷省时省力",
    subtitle: "题库随机组卷、限时作答、成绩即时统计，支持多种防作弊设置",
    tone: "violet",
  },
  {
    tab: "投票表单",
    title: "投票与报名，一个链接全部搞定",
    subtitle: "图文投票、活动报名、信息登记，微信扫码即可参与，数据实时汇总",
    tone: "teal",
  },
];

const PRODUCT_ICONS: Record<string, ReactNode> = {
  search: <FormOutlined />,
  exam: <TrophyOutlined />,
  collection: <CheckCircleOutlined />,
  vote: <LikeOutlined />,
  survey: <SmileOutlined />,
  knowledge: <BarChartOutlined />,
  private: <CloudServerOutlined />,
};

/** Website home (/website/home). Its full content comes with the public-site issue. */
export function WebsiteHomePage() {
  const navigate = useNavigate();
  const carousel = useRef<CarouselRef>(null);
  const carouselIndex = useNavStore((state) => state.carouselIndex);
  const setCarouselIndex = useNavStore((state) => state.setCarouselIndex);

  return (
    <div className="wj-home" data-testid="website-home">
      <section className="wj-home__hero">
        <Carousel ref={carousel} autoplay autoplaySpeed={6000} dots={false} afterChange={setCarouselIndex}>
          {SLIDES.map((slide) => (
            <div key={slide.tab}>
              <div className={`wj-home__slide wj-home__slide--${slide.tone}`}>
                <div className="wj-home__slide-text">
                  <h1>{slide.title}</h1>
                  <p>{slide.subtitle}</p>
                  <div className="wj-home__actions">
                    <Button type="primary" size="large" onClick={() => navigate("/dc/creatDc")}>
                      免费创建
                    </Button>
                    <Button size="large" ghost onClick={() => navigate("/website/free")}>
                      浏览模板
                    </Button>
                  </div>
                </div>
                <HeroIllustration kind={slide.tab} />
              </div>
            </div>
          ))}
        </Carousel>
        <div className="wj-home__tabs" role="tablist" aria-label="产品轮播">
          {SLIDES.map((slide, index) => (
            <button
              key={slide.tab}
              type="button"
              role="tab"
              aria-selected={carouselIndex === index}
              className={carouselIndex === index ? "wj-home__tab wj-home__tab--active" : "wj-home__tab"}
              onClick={() => carousel.current?.goTo(index)}
            >
              {slide.tab}
            </button>
          ))}
        </div>
      </section>

      <section className="wj-home__section">
        <h2>一个平台，覆盖所有数据收集场景</h2>
        <p className="wj-home__lead">从问卷调研到考试测评，从投票评选到信息收集</p>
        <div className="wj-home__products">
          {PRODUCT_LINKS.map((product) => (
            <Link key={product.to} to={product.to} className="wj-home__product">
              <span className="wj-home__product-icon">
                {PRODUCT_ICONS[product.to.split("/").pop() ?? ""]}
              </span>
              <strong>{product.label}</strong>
              <span>{product.description}</span>
            </Link>
          ))}
        </div>
      </section>

      <section className="wj-home__band">
        <div className="wj-home__band-inner">
          <div>
            <SafetyCertificateOutlined className="wj-home__band-icon" />
            <h3>数据安全可控</h3>
            <p>答卷数据只属于创建者，传输全程加密，支持私有化部署</p>
          </div>
          <div>
            <BarChartOutlined className="wj-home__band-icon" />
            <h3>统计分析即时可见</h3>
            <p>答卷提交即统计，图表、交叉分析与原始数据一键导出</p>
          </div>
          <div>
            <FormOutlined className="wj-home__band-icon" />
            <h3>上手零门槛</h3>
            <p>海量免费模板，引用即用；手机、电脑都能创建和填写</p>
          </div>
        </div>
      </section>

      <section className="wj-home__cta">
        <h2>现在开始，创建您的第一份问卷</h2>
        <Button type="primary" size="large" onClick={() => navigate("/dc/creatDc")}>
          免费使用
        </Button>
      </section>
    </div>
  );
}
