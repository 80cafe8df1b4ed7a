import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useNavStore } from "../../../stores/nav-store.ts";
import { FreeUseLink } from "../../website-product/components/free-use-link.tsx";
import { HeroIllustration, type HeroMock } from "./hero-illustration.tsx";

interface Slide {
  tab: string;
  title: string;
  subtitle: string;
  tone: string;
  product: string;
  mock: HeroMock;
}

const SLIDES: readonly Slide[] = [
  {
    tab: "问卷调查",
    title: "专业问卷，轻松收集真实反馈",
    subtitle: "30 多种题型、跳题与显示逻辑、配额控制，几分钟完成一份专业调研问卷，答卷提交即统计",
    tone: "blue",
    product: "/website/product/search",
    mock: "survey",
  },
  {
    tab: "在线考试",
    title: "在线考试，自动阅卷省时省力",
    subtitle: "设置分值与标准答案，限时作答、题目乱序、防切屏，交卷即出成绩",
    tone: "violet",
    product: "/website/product/exam",
    mock: "exam",
  },
  {
    tab: "投票表单",
    title: "投票与报名，一个链接全部搞定",
    subtitle: "图文投票、活动报名、信息登记，微信扫码即可参与，数据实时汇总",
    tone: "teal",
    product: "/website/product/vote",
    mock: "vote",
  },
];

const AUTOPLAY_MS = 6000;

/**
 * The home banner (seed §3: the carousel index lives in the navigation store). Hidden slides are inert, so
 * keyboards and screen readers meet only the one on show; it pauses while hovered or focused and does not
 * turn by itself for people who asked for reduced motion. Every slide is in the server's markup.
 */
export function HomeCarousel() {
  const index = useNavStore((state) => state.carouselIndex) % SLIDES.length;
  const setIndex = useNavStore((state) => state.setCarouselIndex);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused || window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    const timer = window.setInterval(() => {
      setIndex((useNavStore.getState().carouselIndex + 1) % SLIDES.length);
    }, AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [paused, setIndex]);

  return (
    <section
      className="wj-home__hero"
      aria-roledescription="轮播"
      aria-label="产品介绍轮播"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="wj-home__slides">
        {SLIDES.map((slide, i) => {
          const current = i === index;
          const Heading = i === 0 ? "h1" : "h2";
          return (
            <div
              key={slide.tab}
              id={`home-slide-${i}`}
              role="tabpanel"
              aria-roledescription="幻灯片"
              aria-label={`${i + 1} / ${SLIDES.length}：${slide.tab}`}
              aria-hidden={!current}
              inert={!current}
              className={`wj-home__slide wj-site-tone wj-home__slide--${slide.tone}`}
            >
              <div className="wj-home__slide-text">
                <Heading className="wj-home__slide-title">{slide.title}</Heading>
                <p>{slide.subtitle}</p>
                <div className="wj-site-actions">
                  <FreeUseLink className="wj-site-button wj-home__button wj-home__button--primary" />
                  <Link className="wj-site-button wj-home__button wj-home__button--ghost" to={slide.product}>
                    了解{slide.tab}
                  </Link>
                </div>
              </div>
              <HeroIllustration kind={slide.tab} mock={slide.mock} />
            </div>
          );
        })}
      </div>
      <div className="wj-home__tabs" role="tablist" aria-label="选择轮播内容">
        {SLIDES.map((slide, i) => (
          <button
            key={slide.tab}
            type="button"
            role="tab"
            aria-selected={i === index}
            aria-controls={`home-slide-${i}`}
            className={i === index ? "wj-home__tab wj-home__tab--active" : "wj-home__tab"}
            onClick={() => setIndex(i)}
          >
            {slide.tab}
          </button>
        ))}
      </div>
    </section>
  );
}
