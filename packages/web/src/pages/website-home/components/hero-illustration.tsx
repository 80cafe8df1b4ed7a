/** A drawn mock of a questionnaire card, so the banner needs no image host; named by its alt text. */
export function HeroIllustration({ kind }: { kind: string }) {
  return (
    <div
      className="wj-hero-card"
      role="img"
      aria-label={`${kind}示意图：一道满意度单选题、一个建议填空框和答卷统计柱状图`}
    >
      <div className="wj-hero-card__title">{kind}</div>
      <div className="wj-hero-card__q">1. 您对我们的服务满意吗？</div>
      {["非常满意", "满意", "一般"].map((label, index) => (
        <div key={label} className="wj-hero-card__option">
          <span
            className={index === 0 ? "wj-hero-card__radio wj-hero-card__radio--on" : "wj-hero-card__radio"}
          />
          {label}
        </div>
      ))}
      <div className="wj-hero-card__q">2. 您的建议</div>
      <div className="wj-hero-card__input" />
      <div className="wj-hero-card__bars">
        <span style={{ height: "70%" }} />
        <span style={{ height: "45%" }} />
        <span style={{ height: "90%" }} />
        <span style={{ height: "60%" }} />
      </div>
    </div>
  );
}
