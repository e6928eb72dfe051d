import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
} from "react-router";
import { requestContext } from "../worker/context.ts";
import { imageUrl } from "../worker/image-keys.ts";
import { nameOf } from "../worker/notification-text.ts";
import type { Route } from "./+types/root";
import { SiteFooter } from "./components/site-footer.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import { useNonce } from "./nonce.tsx";
import type { RootData } from "./meta.ts";
import stylesheet from "./styles/app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.png", type: "image/png" },
];

export function loader({ context }: Route.LoaderArgs): RootData {
  const { origin, viewer } = context.get(requestContext);
  return {
    origin,
    viewer: viewer && {
      id: viewer.id,
      username: viewer.username,
      name: nameOf(viewer),
      pictureUrl: imageUrl(origin, viewer.pictureKey),
      unreadNotifications: viewer.unreadNotifications,
      favoriteIds: viewer.favoriteIds,
    },
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#b4532a" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" className="page">
          {children}
        </main>
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? "Page not found" : "Something went wrong";
  const detail = notFound
    ? "We couldn't find the page you were looking for."
    : "An unexpected error occurred. Please try again in a moment.";
  return (
    <section className="notice-page">
      <title>{`${title} | MovieBooks`}</title>
      <h1>{title}</h1>
      <p>{detail}</p>
      <p>
        <a className="button" href="/">
          Go back home
        </a>
      </p>
    </section>
  );
}
