import type { ReactNode } from "react";

/** One titled block of the share dialog. */
export function Section({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="wj-share__section">
      <div className="wj-share__section-head">
        <h4>{title}</h4>
        {extra}
      </div>
      {children}
    </section>
  );
}
