import { Link } from "./link.tsx";

/** SPEC.md §2 sidebar: a collapsible list, open by default; each tag shows its count and filters the feed. */
export function PopularTags({ tags, error }: { tags: Array<{ tag: string; count: number }>; error?: boolean }) {
  return (
    <details className="panel" open>
      <summary>
        <h2 className="panel__title">Popular Tags</h2>
      </summary>
      {error ? (
        <p className="form-error">Could not load tags.</p>
      ) : tags.length === 0 ? (
        <p className="muted">No popular tags found yet.</p>
      ) : (
        <ul className="tag-counts">
          {tags.map(({ tag, count }) => (
            <li key={tag}>
              <Link to={`/?${new URLSearchParams({ tags: tag })}`}>
                #{tag} <span className="tag-counts__count">{count}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
