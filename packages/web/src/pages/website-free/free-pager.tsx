import { Link } from "react-router";

/** The page numbers to show: the first, the last, and two either side of the current one. */
export function pagerItems(page: number, pages: number): (number | "gap")[] {
  const shown = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2]);
  const numbers = [...shown].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  return numbers.flatMap((n, index) => {
    const previous = numbers[index - 1];
    return previous !== undefined && n - previous > 1 ? ["gap" as const, n] : [n];
  });
}

interface FreePagerProps {
  page: number;
  pages: number;
  hrefOf: (page: number) => string;
}

/** Paging as real links (rel prev/next), so crawlers reach every page of the gallery. */
export function FreePager({ page, pages, hrefOf }: FreePagerProps) {
  if (pages <= 1) return null;
  return (
    <nav className="wj-free-pager" aria-label="分页">
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} rel="prev" className="wj-free-pager__step">
          上一页
        </Link>
      ) : null}
      <ol className="wj-free-pager__pages">
        {pagerItems(page, pages).map((item, index) =>
          item === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${index}`} aria-hidden="true" className="wj-free-pager__gap">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={hrefOf(item)}
                aria-label={`第 ${item} 页`}
                aria-current={item === page ? "page" : undefined}
                className={
                  item === page ? "wj-free-pager__num wj-free-pager__num--current" : "wj-free-pager__num"
                }
              >
                {item}
              </Link>
            </li>
          ),
        )}
      </ol>
      {page < pages ? (
        <Link to={hrefOf(page + 1)} rel="next" className="wj-free-pager__step">
          下一页
        </Link>
      ) : null}
    </nav>
  );
}
