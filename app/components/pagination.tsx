import { useLocation } from "react-router";
import { Link } from "./link.tsx";

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
  const numbers = Array.from({ length: pages }, (_, index) => index + 1).filter(
    (number) => number === 1 || number === pages || Math.abs(number - page) <= 2,
  );
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
