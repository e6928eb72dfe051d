import { redirect } from "react-router";
import type { Route } from "./+types/profile-redirect";

/** SPEC.md §2: /profile/{id} is the link target used for comment authors; profiles live at /users/{id}. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/users/${encodeURIComponent(params.userId)}`, 301);
}
