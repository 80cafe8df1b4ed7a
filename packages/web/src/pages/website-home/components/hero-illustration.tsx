/** What each banner slide's drawn card shows: a survey question, an exam paper, or a running vote. */
export type HeroMock = "survey" | "exam" | "vote";

const DESCRIPTIONS: Record<HeroMock, string> = {
  survey: "一道满意度单选题、一个建议填空框和答卷统计柱状图",
  exam: "一道选好答案的单选题、剩余时间和交卷后的得分",
  vote: "三个候选团队的实时得票条形图",
};

function Options({ labels, chosen }: { labels: readonly string[]; chosen: number }) {
  return labels.map((label, index) => (
    <div key={label} className="wj-hero-card__option">
      <span
        className={index === chosen ? "wj-hero-card__radio wj-hero-card__radio--on" : "wj-hero-card__radio"}
      />
      {label}
    </div>
  ));
}

function SurveyMock() {
  return (
    <>
      <div className="wj-hero-card__q">1. 您对我们的服务满意吗？</div>
      <Options labels={["非常满意", "满意", "一般"]} chosen={0} />
      <div className="wj-hero-card__q">2. 您的建议</div>
      <div className="wj-hero-card__input" />
      <div className="wj-hero-card__bars">
        <span style={{ height: "70%" }} />
        <span style={{ height: "45%" }} />
        <span style={{ height: "90%" }} />
        <span style={{ height: "60%" }} />
      </div>
    </>
  );
}

function ExamMock() {
  return (
    <>
      <div className="wj-hero-card__timer">剩余 29:45</div>
      <div className="wj-hero-card__q">1. 发现火灾应拨打的报警电话是（3分）</div>
      <Options labels={["110", "119", "120"]} chosen={1} />
      <div className="wj-hero-card__score">
        得分 <strong>92</strong> / 100
      </div>
    </>
  );
}

const VOTES = [
  { label: "客户成功组", share: 46 },
  { label: "平台研发组", share: 32 },
  { label: "品牌市场组", share: 22 },
];

function VoteMock() {
  return (
    <>
      <div className="wj-hero-card__q">请选择年度优秀团队（限选2项）</div>
      {VOTES.map((vote) => (
        <div key={vote.label} className="wj-hero-card__vote">
          <span className="wj-hero-card__vote-label">{vote.label}</span>
          <span className="wj-hero-card__vote-bar">
            <span style={{ width: `${vote.share}%` }} />
          </span>
          <span className="wj-hero-card__vote-share">{vote.share}%</span>
        </div>
      ))}
    </>
  );
}

/** A drawn mock of what the slide's product looks like, so the banner needs no image host; named by its alt text. */
export function HeroIllustration({ kind, mock }: { kind: string; mock: HeroMock }) {
  return (
    <div className="wj-hero-card" role="img" aria-label={`${kind}示意图：${DESCRIPTIONS[mock]}`}>
      <div className="wj-hero-card__title">{kind}</div>
      {mock === "exam" ? <ExamMock /> : mock === "vote" ? <VoteMock /> : <SurveyMock />}
    </div>
  );
}
