import { data, redirect } from "react-router";
import { requestContext } from "../../worker/context.ts";
import { createConnection } from "../../worker/core/connections/index.ts";
import { splitFormData } from "../../worker/core/images/index.ts";
import { requireViewer } from "../auth.server.ts";
import { formFailure } from "../failures.server.ts";
import type { Route } from "./+types/create";

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
    const connection = await createConnection(context.get(requestContext), viewer, fields, files);
    return redirect(`/connections/${connection._id}`);
  } catch (error) {
    return formFailure(error, fields);
  }
}
