import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { MAX_IMAGE_BYTES, PROFILE_LIMITS, PROFILE_MESSAGES } from "../../worker/core/rules/index.ts";
import { FormError } from "../components/form-error.tsx";
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
  // With JavaScript the picture is checked as soon as it is chosen; the server checks it again by its bytes.
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  return (
    <section className="form-page" aria-labelledby="profile-edit-title">
      <h1 id="profile-edit-title">Edit profile</h1>
      <Form method="post" encType="multipart/form-data" className="form connection-form">
        <FormError id="profile-edit-error" message={pictureError ?? actionData?.error} />
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
            <div className="field">
              <label htmlFor="profile-picture">Profile picture</label>
              <input
                id="profile-picture"
                name="profilePicture"
                type="file"
                accept="image/png,image/jpeg,image/gif"
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  setPictureError(null);
                  setPreview(null);
                  if (!file) return;
                  if (!file.type.startsWith("image/")) return setPictureError(PROFILE_MESSAGES.notAnImage);
                  if (file.size > MAX_IMAGE_BYTES) return setPictureError(PROFILE_MESSAGES.imageTooLarge);
                  setPreview(URL.createObjectURL(file));
                }}
              />
              <p className="field__hint">PNG, JPEG or GIF, up to 5 MB.</p>
            </div>
          </div>
        </fieldset>
        <fieldset>
          <legend>About you</legend>
          <div className="field">
            <label htmlFor="profile-displayName">Display name</label>
            <input
              id="profile-displayName"
              name="displayName"
              maxLength={PROFILE_LIMITS.displayName}
              defaultValue={values?.displayName ?? me.displayName}
            />
          </div>
          <div className="field">
            <label htmlFor="profile-bio">Bio</label>
            <textarea
              id="profile-bio"
              name="bio"
              rows={4}
              maxLength={PROFILE_LIMITS.bio}
              defaultValue={values?.bio ?? me.bio}
            />
          </div>
          <div className="field">
            <label htmlFor="profile-location">Location</label>
            <input
              id="profile-location"
              name="location"
              maxLength={PROFILE_LIMITS.location}
              defaultValue={values?.location ?? me.location}
            />
          </div>
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
          <button type="submit" className="button" disabled={saving || Boolean(pictureError)}>
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
