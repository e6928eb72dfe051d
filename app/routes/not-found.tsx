import { data } from "react-router";

/** Any path no other route claims: a real 404 status, rendered by the root ErrorBoundary. */
export function loader() {
  throw data(null, { status: 404 });
}

export function action() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
