import { useEffect, useRef } from "react";
import type { KeptImage } from "../../worker/core/connections/index.ts";
import type { FieldAttributes } from "../../worker/core/rules/forms.ts";
import { FormField } from "./form-field.tsx";

/** Where the uploader sees an image their form kept (app/routes/staged-upload.tsx). */
export const keptImageUrl = (id: string) => `/uploads/${id}`;

interface ImageFieldProps extends FieldAttributes {
  label: string;
  name: string;
  /** The hidden field that names the kept image (`KEPT_IMAGE_FIELDS`). */
  keptName: string;
  kept?: KeptImage;
  error?: string;
  /** Called when a file is chosen: the page checks its type and size there and then, before anything is sent. */
  onChoose?: () => void;
}

/**
 * An optional image: a file input, and, after a save that failed, the image the server kept from it with a
 * thumbnail and a "Keep" box (ticked), so the retry needs no file. Choosing another file replaces it. With
 * JavaScript the chosen file would still sit in its input after the failure; the input is emptied once the
 * server says it kept the image, so the retry names the kept image instead of sending the file again.
 */
export function ImageField({ label, name, keptName, kept, error, onChoose, ...attributes }: ImageFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const keptId = kept?.id;
  useEffect(() => {
    if (keptId && input.current) input.current.value = "";
  }, [keptId]);
  return (
    <FormField label={label} name={name} type="file" error={error} inputRef={input} onChange={onChoose} {...attributes}>
      {kept ? (
        <div className="kept-image">
          <img src={keptImageUrl(kept.id)} alt="" width={48} height={48} />
          <label className="checkbox">
            <input type="checkbox" name={keptName} value={kept.id} defaultChecked />
            <span>
              Keep <strong>{kept.fileName || "the image"}</strong> from your last try
            </span>
          </label>
        </div>
      ) : null}
    </FormField>
  );
}
