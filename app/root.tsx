import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { FlashMessage } from "./components/flash-message.tsx";
import { NoticePage } from "./components/route-notice.tsx";
import { Sidebar, SidebarSwitch, SidebarToggle, shellClassName, useSidebarState } from "./components/sidebar.tsx";
import { SiteFooter } from "./components/site-footer.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import { useShownTheme } from "./components/theme-switch.tsx";
import { WhatsNewBanner } from "./components/whats-new-banner.tsx";
import type { RootData } from "./meta.ts";
import { useNonce } from "./nonce.tsx";
import stylesheet from "./styles/app.css?url";
import layoutStylesheet from "./styles/layout.css?url";

export { loader, middleware } from "./root.server.ts";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "stylesheet", href: layoutStylesheet },
  { rel: "icon", href: "/favicon.png", type: "image/png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData("root") as RootData | undefined;
  const member = root?.viewer ?? null;
  const sidebar = useSidebarState();
  const loading = useNavigation().state === "loading";
  // The one thing the theme cookie changes in the HTML (decision 035): without it, CSS follows the system.
  const theme = useShownTheme();
  return (
    <html lang="en" data-theme={theme ?? undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#b4532a" />
        <Meta />
        <Links />
      </head>
      <body className={member ? "has-sidebar" : undefined}>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {member ? <SidebarSwitch state={sidebar} /> : null}
        <SiteHeader sidebarToggle={member ? <SidebarToggle state={sidebar} /> : undefined} />
        <WhatsNewBanner />
        <div className={shellClassName(sidebar, Boolean(member))}>
          {member ? (
            <Sidebar state={sidebar} viewer={member} tags={root?.sidebarTags ?? { tags: [], error: false }} />
          ) : null}
          {/* While the next page loads the current one is marked busy; the stylesheet dims it after a moment. */}
          <main id="main" className="page" aria-busy={loading || undefined}>
            <FlashMessage />
            {children}
          </main>
        </div>
        <SiteFooter />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** The site's error page: a missing page, the site unavailable (503) or a request refused whole, else a bug. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { title, detail } = errorPageText(error);
  return (
    <NoticePage title={title} reloadDocument>
      <title>{`${title} | MovieBooks`}</title>
      <p>{detail}</p>
    </NoticePage>
  );
}

function errorPageText(error: unknown): { title: string; detail: string } {
  const message = isRouteErrorResponse(error) && typeof error.data?.message === "string" ? error.data.message : null;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return { title: "Page not found", detail: "We couldn't find the page you were looking for." };
  }
  if (isRouteErrorResponse(error) && error.status === 503 && message) {
    return { title: "Temporarily unavailable", detail: message };
  }
  if (isRouteErrorResponse(error) && error.status === 413 && message) return { title: "Too large", detail: message };
  // A request no form of the site sends (a script's JSON to a page): the message says what was wrong with it.
  if (isRouteErrorResponse(error) && error.status === 400 && message) return { title: "Bad request", detail: message };
  return { title: "Something went wrong", detail: "An unexpected error occurred. Please try again in a moment." };
}
