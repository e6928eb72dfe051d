import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter, Link as RouterLink } from "react-router";
import { describe, expect, it } from "vitest";
import { Link, rendersAsPlainAnchor } from "../../app/components/link.tsx";

// The server's plain anchor must be exactly what React Router's Link renders, or hydration would take over an
// anchor that differs from what the browser's Link expects.
const render = (element: ReactNode) =>
  renderToString(createElement(MemoryRouter, { initialEntries: ["/?feed=everyone"] }, element));

const cases: Array<Parameters<typeof Link>[0]> = [
  { to: "/", children: "Home" },
  { to: "/?tags=poetry", children: ["#", "poetry"] },
  { to: "/connections/6b024fcea99d2345641effd1#comments", className: "action-button", "aria-expanded": false },
  { to: "/people/greta-gerwig", className: "person-link", children: "Greta Gerwig" },
  { to: "/report/connection/x?redirectTo=%2F%3Ffeed%3Deveryone", rel: "nofollow", children: "Report" },
  { to: "/users/abc/followers", target: "_blank", "aria-label": "Followers", replace: true, state: { from: 1 } },
  { to: "/movies/m1", preventScrollReset: true, viewTransition: true, discover: "render", children: "Movie" },
];

describe("Link on the server", () => {
  it("renders its plain anchor here", () => {
    expect(import.meta.env.SSR).toBe(true);
  });

  it.each(cases)("renders what React Router's Link renders: $to", (props) => {
    expect(rendersAsPlainAnchor(props)).toBe(true);
    expect(render(createElement(Link, props))).toBe(render(createElement(RouterLink, props)));
  });

  it("leaves what it does not reproduce to React Router", () => {
    for (const props of [
      { to: "relative/path", children: "x" },
      { to: "/with-prefetch", prefetch: "intent" as const, children: "x" },
      { to: "/", reloadDocument: true, children: "x" },
      { to: "/", discover: "none" as const, children: "x" },
      { to: { pathname: "/object", search: "?a=1" }, children: "x" },
      // Paths React Router writes differently (a redirect target comes from the query string).
      { to: "/connections//abc", children: "x" },
      { to: "//elsewhere.example/x", children: "x" },
      { to: "/\\elsewhere.example", children: "x" },
      { to: "/a/./b", children: "x" },
      { to: "/a/../b?c=1", children: "x" },
      { to: "/users/", children: "x" },
      { to: "/search?", children: "x" },
      { to: "/search#", children: "x" },
    ]) {
      expect(rendersAsPlainAnchor(props)).toBe(false);
      expect(render(createElement(Link, props))).toBe(render(createElement(RouterLink, props)));
    }
  });
});
