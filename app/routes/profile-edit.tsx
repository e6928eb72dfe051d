import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { PROFILE_FORM } from "../../worker/core/rules/profile-form.ts";
import { FormError } from "../components/form-error.tsx";
import { FormField } from "../components/form-field.tsx";
import { Link } from "../components/link.tsx";
import { useFormRules } from "../form-rules.ts";
import { pageMeta } from "../meta.ts";
import { DEFAULT_AVATAR } from "../site.ts";
import type { Route } from "./+types/profile-edit";

export { action, loader } from "./profile-edit.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Edit profile", path: "/profile/edit" });

export default function ProfileEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { me } = loaderData;
  const values = actionData?.values;
  const saving = useNavigation().state === "submitting";
  const rules = useFormRules(PROFILE_FORM, actionData);
  const picture = rules.field("profilePicture");
  // With JavaScript the picture is checked as soon as it is chosen; the server checks it again by its bytes.
  const [preview, setPreview] = useState<string | null>(null);
  return (
    <section className="form-page" aria-labelledby="profile-edit-title">
      <h1 id="profile-edit-title">Edit profile</h1>
      <Form method="post" encType="multipart/form-data" className="form connection-form" {...rules.form}>
        <FormError id="profile-edit-error" message={rules.formError} />
        <fieldset>
          <legend>Picture</legend>
          <div className="profile-edit__picture">
            <img
              className="avatar"
              src={preview ?? (me.profilePictureUrl || DEFAULT_AVATAR)}
              alt=""
              width={96}
              height={96}
            />
            <FormField
              label="Profile picture"
              type="file"
              hint="PNG, JPEG or GIF, up to 5 MB."
              {...picture}
              onChange={(event) => {
                const file = (event.currentTarget as HTMLInputElement).files?.[0];
                const failure = rules.check();
                setPreview(file && failure?.field !== picture.name ? URL.createObjectURL(file) : null);
              }}
            />
          </div>
        </fieldset>
        <fieldset>
          <legend>About you</legend>
          <FormField
            label="Display name"
            defaultValue={values?.displayName ?? me.displayName}
            {...rules.field("displayName")}
          />
          <FormField label="Bio" multiline rows={4} defaultValue={values?.bio ?? me.bio} {...rules.field("bio")} />
          <FormField label="Location" defaultValue={values?.location ?? me.location} {...rules.field("location")} />
          <label className="checkbox">
            <input
              type="checkbox"
              name="isPrivate"
              aria-describedby="profile-private-hint"
              defaultChecked={values ? values.isPrivate === "on" : me.isPrivate}
            />{" "}
            Private profile: only my followers see my connections
          </label>
          <p className="field__hint" id="profile-private-hint">
            New followers need your approval. People who already follow you keep following. Turning this off accepts
            every pending request.
          </p>
        </fieldset>
        <div className="form__actions">
          <button type="submit" className="button" disabled={saving}>
            {saving ? "Saving…" : "Save profile"}
          </button>
          <Link to="/users" className="button button--ghost">
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}
