import type { Page } from "playwright-core";

/** The smallest tap target on a touch screen, in CSS pixels (WCAG 2.5.5). */
export const MIN_TAP_TARGET = 44;

/**
 * Every control on the page that a finger can tap and that is smaller than 44×44, as "what: width×height".
 * Controls are links, buttons, summaries, form fields and the labels that stand for checkboxes; what is
 * not shown (closed, hidden, or visually hidden like the no-JavaScript toggles' checkboxes) cannot be tapped and
 * is left out. WCAG's inline exception applies: a link inside a sentence (an inline element among the words of
 * its paragraph) is sized by the text's line.
 */
export function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, summary, input:not([type="hidden"]), select, textarea, label, [role="button"]',
    );
    const small: string[] = [];
    for (const element of controls) {
      if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) continue;
      if (element.closest("[aria-hidden='true']") && element.tagName !== "LABEL") continue;
      if (element instanceof HTMLInputElement && ["checkbox", "radio"].includes(element.type)) {
        // The label around or for a box is what a finger taps.
        if (element.labels?.length) continue;
      }
      // A text field's label only moves the focus to its field, which is measured itself; a label stands in for
      // its control only for a checkbox or radio button (the no-JavaScript toggles among them).
      if (element instanceof HTMLLabelElement) {
        const box = element.control;
        if (!(box instanceof HTMLInputElement && ["checkbox", "radio"].includes(box.type))) continue;
      }
      // A link among the words of its block (WCAG's inline exception).
      if (
        element.tagName === "A" &&
        getComputedStyle(element).display === "inline" &&
        Array.from(element.parentElement?.childNodes ?? []).some(
          (node) => node !== element && node.nodeType === Node.TEXT_NODE && /\S/.test(node.textContent ?? ""),
        )
      ) {
        continue;
      }
      if (rect.width >= min - 0.5 && rect.height >= min - 0.5) continue;
      const name = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().replace(/\s+/g, " ");
      const what = `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(" ")[0]}` : ""}`;
      small.push(`${what} "${name.slice(0, 30)}": ${Math.round(rect.width)}×${Math.round(rect.height)}`);
    }
    return small;
  }, MIN_TAP_TARGET);
}
