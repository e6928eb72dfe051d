import { useId } from "react";
import { NEW_WORK } from "../../worker/core/rules/which-work.ts";
import { PLACEHOLDER_COVER, PLACEHOLDER_POSTER } from "../site.ts";
import { ResponsiveImage } from "./responsive-image.tsx";

interface WorkOption {
  _id: string;
  title: string;
  /** The year, the director or author, as the candidate has them. */
  year: number | null;
  maker: string;
  imageUrl: string;
}

const WORDS = {
  movie: { noun: "film", maker: "no director given", tellApart: "its year", placeholder: PLACEHOLDER_POSTER },
  book: { noun: "book", maker: "no author given", tellApart: "its author", placeholder: PLACEHOLDER_COVER },
} as const;

/**
 * The create page's question when a title matches several works and the post says nothing to tell them apart
 * (decision 019): the candidates as radio buttons, with what tells them apart and a thumbnail, and "a different
 * one". The answer is posted with the rest of the form as `name`, a work's id or `NEW_WORK`.
 */
export function WhichWork({
  kind,
  title,
  name,
  options,
  defaultValue,
}: {
  kind: "movie" | "book";
  title: string;
  name: string;
  options: WorkOption[];
  defaultValue?: string;
}) {
  const id = useId();
  const words = WORDS[kind];
  return (
    <fieldset className="which-work" aria-describedby={`${id}-hint`}>
      <legend>{`Which ${words.noun} is “${title}”?`}</legend>
      <p id={`${id}-hint`} className="muted">
        {`${options.length} ${words.noun}s in the catalog have this title. Choose the one you mean.`}
      </p>
      {options.map((option) => (
        <label key={option._id} className="which-work__option">
          <input type="radio" name={name} value={option._id} defaultChecked={defaultValue === option._id} />
          <ResponsiveImage url={option.imageUrl} fallback={words.placeholder} width={40} height={60} eager />
          <span>
            <strong>{option.title}</strong>
            {` (${option.year ?? "year not given"})`}
            <span className="which-work__maker">{option.maker || words.maker}</span>
          </span>
        </label>
      ))}
      <label className="which-work__option">
        <input type="radio" name={name} value={NEW_WORK} defaultChecked={defaultValue === NEW_WORK} />
        <span>
          <strong>{`A different ${words.noun} (create a new one)`}</strong>
          <span className="which-work__maker">{`To tell it apart, give ${words.tellApart} above.`}</span>
        </span>
      </label>
    </fieldset>
  );
}
