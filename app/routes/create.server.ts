import { data } from "react-router";
import { requestContext } from "../../worker/context.ts";
import { postConnection } from "../../worker/core/connections/index.ts";
import { isChosenFile, splitFormData } from "../../worker/core/images/index.ts";
import { WHICH_WORK_FIELDS } from "../../worker/core/rules/index.ts";
import { requireViewer } from "../auth.server.ts";
import { formFailure } from "../failures.server.ts";
import { redirectWithFlash } from "../flash.server.ts";
import type { Route } from "./+types/create";

/**
 * Posts the connection. A title that matches several works, with nothing typed to tell them apart, brings the
 * page back (200) with the question and everything typed; the answer (`movieId`, `bookId`) comes with the next
 * post. Chosen images cannot come back with a page, so the page says to choose them again.
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  const viewer = requireViewer(url, context);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ error: "Failed to create connection.", values: {} as Record<string, string> }, { status: 400 });
  }
  const { fields, files } = splitFormData(form);
  try {
    const outcome = await postConnection(context.get(requestContext), viewer, fields, files, {
      movie: { ask: true, pick: fields[WHICH_WORK_FIELDS.movie] },
      book: { ask: true, pick: fields[WHICH_WORK_FIELDS.book] },
    });
    if ("question" in outcome) {
      return data({
        question: outcome.question,
        imagesChosen: Object.values(files).some(isChosenFile),
        values: fields,
      });
    }
    return redirectWithFlash(`/connections/${outcome.connection._id}`, "connectionCreated");
  } catch (error) {
    return formFailure(error, fields);
  }
}
