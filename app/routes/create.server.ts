import { data } from "react-router";
import { requestContext } from "../../worker/context.ts";
import {
  type KeptImage,
  keepImages,
  keptIdsIn,
  keptImagesOf,
  type PostImages,
  postConnection,
  sentImages,
} from "../../worker/core/connections/index.ts";
import { isChosenFile, readFormData, splitFormData } from "../../worker/core/images/index.ts";
import {
  IDEMPOTENCY_FIELD,
  IDEMPOTENCY_MESSAGES,
  IMAGE_FIELDS,
  type ImageField,
  KEPT_IMAGE_FIELDS,
  SAVE_FAILED,
  WHICH_WORK_FIELDS,
} from "../../worker/core/rules/index.ts";
import { requireViewer } from "../auth.server.ts";
import { knownFailure, saveFailure } from "../failures.server.ts";
import { redirectWithFlash } from "../flash.server.ts";
import type { Route } from "./+types/create";

type KeptImages = Partial<Record<ImageField, KeptImage>>;

/** A fresh form's idempotency key (decision 030): a retry of this form, however it is sent again, posts once. */
export function loader() {
  return { idempotencyKey: crypto.randomUUID() };
}

/**
 * Posts the connection. A title that matches several works, with nothing typed to tell them apart, brings the
 * page back (200) with the question and everything typed; the answer (`movieId`, `bookId`) comes with the next
 * post. Chosen images are staged at once (decision 030), so whatever comes back (a question, a field's error, a
 * failure of the server's own) names the images the form kept, and the next post sends those names instead of
 * the files. The form's idempotency key makes a post sent twice (a lost answer, a second press) one post.
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  const viewer = requireViewer(url, context);
  const services = context.get(requestContext);
  let form: FormData;
  try {
    // Not `postedForm`: the page comes back as a form with the save's message, not as an error page.
    form = await readFormData(request);
  } catch {
    const reply = { values: {} as Record<string, string>, kept: {} as KeptImages, imagesLost: false };
    return data({ error: SAVE_FAILED.create, ...reply }, { status: 400 });
  }
  const { fields: values, files } = splitFormData(form);
  const { [IDEMPOTENCY_FIELD]: idempotencyKey, ...fields } = values;
  const chosen = IMAGE_FIELDS.filter((field) => isChosenFile(files[field])).length;
  let staging: Promise<PostImages> = Promise.resolve({ images: {}, refused: null });
  const reply = async () => {
    const kept: KeptImages = keptImagesOf((await staging.catch(() => ({ images: {} }))).images);
    // Without JavaScript a chosen file comes back only if it was kept; the page asks again for the others.
    return { values, kept, imagesLost: chosen > Object.keys(kept).length };
  };
  try {
    // The files are read first, so that staging them and the post's reads leave together (decision 040).
    const sent = await sentImages(files, IMAGE_FIELDS);
    staging = keepImages(services, viewer, sent, keptIdsIn(fields), IMAGE_FIELDS);
    const outcome = await postConnection(
      services,
      viewer,
      withoutKeptFields(fields),
      staging,
      {
        movie: { ask: true, pick: fields[WHICH_WORK_FIELDS.movie] },
        book: { ask: true, pick: fields[WHICH_WORK_FIELDS.book] },
      },
      idempotencyKey ?? null,
    );
    if ("question" in outcome) return data({ question: outcome.question, ...(await reply()) });
    return redirectWithFlash(`/connections/${outcome.connection._id}`, "connectionCreated");
  } catch (error) {
    // 422: this form's key already posted something else (the form was sent again after it succeeded, changed).
    if (knownFailure(error)?.status === 422) {
      return data({ error: IDEMPOTENCY_MESSAGES.formReused, ...(await reply()) }, { status: 422 });
    }
    return saveFailure(services, error, await reply(), SAVE_FAILED.create);
  }
}

const KEPT_FIELD_NAMES = new Set<string>(Object.values(KEPT_IMAGE_FIELDS));

/** The post's own fields: the names of kept images are the form's business, not part of what is posted. */
function withoutKeptFields(fields: Record<string, string>) {
  return Object.fromEntries(Object.entries(fields).filter(([name]) => !KEPT_FIELD_NAMES.has(name)));
}
