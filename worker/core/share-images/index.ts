export { firstWords, type ShareCardInput, shareCardSvg, wrapText } from "./card.ts";
export { renderPng } from "./render.ts";
