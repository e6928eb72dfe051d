import { redirect } from "react-router";
import { requestContext } from "../../worker/context.ts";
import { pageNumber, searchConnections } from "../../worker/core/connections/index.ts";
import { errorPage } from "../failures.server.ts";
import type { Route } from "./+types/search";

/**
 * Where a blank term leaves the searcher (SPEC.md §2: it does nothing): the page the header's form was on, when
 * the browser says which and it is one of ours, else the bare search page, which asks for a term.
 */
function stayingPut(request: Request, url: URL): string {
  const from = URL.parse(request.headers.get("Referer") ?? "");
  const blankSearch = from?.pathname === "/search" && !from.searchParams.get("q")?.trim();
  if (!from || from.origin !== url.origin || blankSearch) return "/search";
  return from.pathname + from.search;
}

/**
 * /search?q=&page= (SPEC.md §2). Without JavaScript the header submits the term as typed, so the header's rules
 * are kept here: a padded term is redirected to its trimmed address (the one the header's script would have gone
 * to), and a blank one goes back where it came from. The browser normally stops a blank term before it is sent
 * (`required` and a non-blank `pattern`); this is for the ones that get through. No `q` at all: the page asks for
 * a term.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const params = url.searchParams;
  const raw = params.get("q");
  const q = (raw ?? "").trim();
  if (raw !== null && !q) throw redirect(stayingPut(request, url));
  if (raw !== null && raw !== q) {
    const trimmed = new URLSearchParams(params);
    trimmed.set("q", q);
    throw redirect(`/search?${trimmed}`);
  }
  if (!q) return { q, results: null };
  const results = await searchConnections(context.get(requestContext), q, pageNumber(params.get("page"))).catch(
    errorPage,
  );
  return { q, results };
}
