export interface Figure {
  value: string;
  label: string;
}

/**
 * A row of figures, each a value above its caption (the home page's 能力 numbers, a product's highlights).
 * Styled by site-blocks.css, which the page imports.
 */
export function FigureList({
  items,
  className,
  label,
}: {
  items: readonly Figure[];
  className?: string;
  /** The list's accessible name, when the section around it does not give one. */
  label?: string;
}) {
  return (
    <ul className={className ? `wj-site-figures ${className}` : "wj-site-figures"} aria-label={label}>
      {items.map((item) => (
        <li key={item.value}>
          <strong>{item.value}</strong>
          <span>{item.label}</span>
        </li>
      ))}
    </ul>
  );
}
