import { shortened } from "../worker/core/rules/characters.ts";

/** SPEC.md §2 share menu: the link is {origin}/connections/{id}; the text is the context, cut at 100 characters. */
export function shareLink(origin: string, connectionId: string): string {
  return `${origin}/connections/${connectionId}`;
}

export function shareText(title: string, context: string): string {
  return shortened(context.trim() || title, 100);
}

export function shareTargets(url: string, text: string, image: string | null) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  return [
    { name: "X", href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { name: "Reddit", href: `https://www.reddit.com/submit?url=${u}&title=${t}` },
    {
      name: "Pinterest",
      href: `https://pinterest.com/pin/create/button/?url=${u}&description=${t}${image ? `&media=${encodeURIComponent(image)}` : ""}`,
    },
    { name: "WhatsApp", href: `https://api.whatsapp.com/send?text=${encodeURIComponent(`${text} ${url}`)}` },
  ];
}
