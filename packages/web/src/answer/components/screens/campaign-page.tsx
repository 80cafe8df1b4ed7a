import type { CampaignData } from "@wjgj/core/pages/answer";
import { RichText } from "../rich-text.tsx";
import { Brand } from "./brand.tsx";

const kindNames = { template: "模板", questionnaire: "问卷" } as const;

/** /hd/{name}: a topic page: banner, the admin's rich text, linked templates and questionnaires, one call to action. */
export function CampaignPage({ data }: { data: CampaignData }) {
  return (
    <main className="wa-page wa-campaign" data-testid="campaign-page">
      {data.banner ? <img className="wa-header-img" src={data.banner} alt="" /> : null}
      <div className="wa-cover-body">
        <h1 className="wa-cover-title">{data.title}</h1>
        <RichText className="wa-cover-desc wa-campaign-content" html={data.content} />
        {data.links.length > 0 ? (
          <section aria-labelledby="wa-campaign-links">
            <h2 id="wa-campaign-links" className="wa-reminder-title">
              相关推荐
            </h2>
            <ul className="wa-campaign-links">
              {data.links.map((link) => (
                <li key={`${link.kind}:${link.href}`}>
                  <span className="wa-campaign-kind">{kindNames[link.kind]}</span>
                  <a href={link.href}>{link.title}</a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {data.cta ? (
          <a className="wa-btn wa-btn-block" href={data.cta.href}>
            {data.cta.text}
          </a>
        ) : null}
      </div>
      <Brand />
    </main>
  );
}
