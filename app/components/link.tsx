import { type LinkProps, Link as RouterLink } from "react-router";

/**
 * The app's links: React Router's `Link` in the browser, where it navigates without a reload. On the server a link
 * to one of the site's paths renders the anchor React Router's would (`<a href data-discover>`), without the hooks
 * only the browser needs: they were a tenth of the Worker's CPU on a feed page, which has 244 links
 * (docs/performance.md). Hydration matches elements, not components, so the browser's `Link` takes over the same
 * anchor. A relative path, prefetching, a full reload or a mask stay React Router's own on the server too.
 * `tests/unit/link.test.ts` renders both and compares.
 */
export function Link(props: LinkProps) {
  if (import.meta.env.SSR && rendersAsPlainAnchor(props)) {
    const {
      to,
      target,
      discover: _discover,
      prefetch: _prefetch,
      reloadDocument: _reloadDocument,
      replace: _replace,
      state: _state,
      preventScrollReset: _preventScrollReset,
      relative: _relative,
      viewTransition: _viewTransition,
      defaultShouldRevalidate: _defaultShouldRevalidate,
      ...anchor
    } = props;
    // In React Router's order, so the HTML is the same byte for byte.
    return <a {...anchor} href={to as string} target={target} data-discover="true" />;
  }
  return <RouterLink {...props} />;
}

/**
 * A site path already in the form React Router would write it: no empty, `.` or `..` segment, no backslash, no
 * trailing slash but the root's, no bare `?` or `#`. React Router normalises any other, so those stay its own.
 */
const CANONICAL_PATH = /^\/(?:[^/?#\\]+(?:\/[^/?#\\]+)*)?(?:\?[^#\\]+)?(?:#[^\\]+)?$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?#]|$)/;

/** Whether the server may render this link as a plain anchor (exported for its test). */
export function rendersAsPlainAnchor({ to, prefetch, reloadDocument, discover, ...rest }: LinkProps): boolean {
  return (
    typeof to === "string" &&
    CANONICAL_PATH.test(to) &&
    !DOT_SEGMENT.test(to) &&
    (prefetch ?? "none") === "none" &&
    !reloadDocument &&
    discover !== "none" &&
    !("mask" in rest)
  );
}
