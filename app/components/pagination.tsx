import { useLocation } from "react-router";
import { Link } from "./link.tsx";

/**
 * The page numbers shown, in order: the first, the last, and two either side of the current one. Built from those
 * few alone: the feed at 1M connections has 90,000 pages, and listing them all to pick five cost the server 10 ms a
 * render (docs/performance.md).
 */
export function pageNumbers(page: number, pages: number): number[] {
  const numbers = new Set([1]);
  for (let number = Math.max(1, page - 2); number <= Math.min(pages, page + 2); number++) numbers.add(number);
  numbers.add(pages);
  return [...numbers].filter((number) => number >= 1 && number <= pages).sort((a, b) => a - b);
}

/** Previous / page numbers / Next as plain links that keep the other query parameters. */
export function Pagination({ page, pages, param = "page" }: { page: number; pages: number; param?: string }) {
  const location = useLocation();
  if (pages <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target === 1) params.delete(param);
    else params.set(param, String(target));
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
  const numbers = pageNumbers(page, pages);
  return (
    <nav className="pagination" aria-label="Pages">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev">
          ← Previous
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
      <ol>
        {numbers.map((number, index) => (
          <li key={number}>
            {number - (numbers[index - 1] ?? number) > 1 ? <span className="pagination__gap">…</span> : null}
            {number === page ? <span aria-current="page">{number}</span> : <Link to={hrefFor(number)}>{number}</Link>}
          </li>
        ))}
      </ol>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} rel="next">
          Next →
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  );
}
