import { redirect } from "react-router";
import { requestContext } from "../../worker/context.ts";
import {
  getConnection,
  keepImages,
  keptIdsIn,
  keptImagesOf,
  type PostImages,
  sentImages,
  updateConnection,
} from "../../worker/core/connections/index.ts";
import { isChosenFile, splitFormData } from "../../worker/core/images/index.ts";
import { SAVE_FAILED } from "../../worker/core/rules/index.ts";
import { requireViewer } from "../auth.server.ts";
import { knownFailure, notFoundPage, saveFailure } from "../failures.server.ts";
import { redirectWithFlash } from "../flash.server.ts";
import { postedForm } from "../forms.server.ts";
import type { Route } from "./+types/connection-edit";

/** Only the author may edit; anyone else is sent to the connection's page (SPEC.md §6). */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const viewer = requireViewer(url, context);
  const connection = await getConnection(context.get(requestContext), params.connectionId).catch((error: unknown) =>
    notFoundPage(error, `Connection with ID ${params.connectionId} not found.`),
  );
  if (connection.userRef._id !== viewer.id) throw redirect(`/connections/${connection._id}`);
  return { connection };
}

/**
 * Saves the edit. A new screenshot is staged at once (decision 030): when the save fails, the form comes back
 * naming it, and the next save sends that name instead of the file.
 */
export async function action({ request, params, context, url }: Route.ActionArgs) {
  const viewer = requireViewer(url, context);
  const services = context.get(requestContext);
  const { fields, files } = splitFormData(await postedForm(request));
  let staging: Promise<PostImages> = Promise.resolve({ images: {}, refused: null });
  const reply = async () => {
    const kept = keptImagesOf((await staging.catch(() => ({ images: {} }))).images);
    return { values: fields, kept, imagesLost: isChosenFile(files.screenshot) && !kept.screenshot };
  };
  try {
    // The file is read first, so that staging it and the edit's reads leave together (decision 040).
    const sent = await sentImages(files, ["screenshot"]);
    staging = keepImages(services, viewer, sent, keptIdsIn(fields), ["screenshot"]);
    // An unticked checkbox is simply absent from a form post.
    await updateConnection(
      services,
      viewer,
      params.connectionId,
      { ...fields, removeScreenshot: fields.removeScreenshot ?? "", contextSpoiler: fields.contextSpoiler ?? "" },
      staging,
    );
  } catch (error) {
    if (knownFailure(error)?.status === 403) return redirect(`/connections/${params.connectionId}`);
    return saveFailure(services, error, await reply(), SAVE_FAILED.edit);
  }
  return redirectWithFlash(`/connections/${params.connectionId}`, "connectionSaved");
}
