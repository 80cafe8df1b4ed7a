export interface LegalSection {
  title: string;
  paragraphs: readonly string[];
}

interface LegalDocumentProps {
  title: string;
  updated: string;
  intro: readonly string[];
  sections: readonly LegalSection[];
}

/** Renders a numbered legal text; the wording lives in data so it can be reviewed on its own. */
export function LegalDocument({ title, updated, intro, sections }: LegalDocumentProps) {
  return (
    <article className="wj-legal">
      <h1>{title}</h1>
      <p className="wj-legal__updated">{updated}</p>
      {intro.map((text) => (
        <p key={text}>{text}</p>
      ))}
      {sections.map((section, index) => (
        <section key={section.title}>
          <h2>
            {index + 1}. {section.title}
          </h2>
          {section.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
