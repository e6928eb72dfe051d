import { requestContext } from "../../worker/context.ts";
import { isChosenFile, splitFormData } from "../../worker/core/images/index.ts";
import { getMe, updateProfile, updateProfilePicture } from "../../worker/core/people/index.ts";
import { requireViewer } from "../auth.server.ts";
import { formFailure } from "../failures.server.ts";
import { redirectWithFlash } from "../flash.server.ts";
import { postedForm } from "../forms.server.ts";
import type { Route } from "./+types/profile-edit";

export async function loader({ context, url }: Route.LoaderArgs) {
  const viewer = requireViewer(url, context);
  return { me: await getMe(context.get(requestContext), viewer) };
}

/** SPEC.md §4: the picture is uploaded first, then the text fields are saved; then the member's profile. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const viewer = requireViewer(url, context);
  const services = context.get(requestContext);
  const { fields, files } = splitFormData(await postedForm(request));
  const values = {
    displayName: fields.displayName ?? "",
    bio: fields.bio ?? "",
    location: fields.location ?? "",
    isPrivate: fields.isPrivate ?? "",
  };
  try {
    if (isChosenFile(files.profilePicture)) await updateProfilePicture(services, viewer, files.profilePicture);
    await updateProfile(services, viewer, {
      displayName: values.displayName,
      bio: values.bio,
      location: values.location,
      isPrivate: values.isPrivate === "on" || values.isPrivate === "true",
    });
  } catch (error) {
    return formFailure(error, values, "Failed to update profile.");
  }
  return redirectWithFlash("/users", "profileSaved");
}
