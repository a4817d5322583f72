// The assistant's Markdown as HTML: code highlighted, raw HTML shown as text, links inert
// (the app never navigates away; see the click guard in view/transcript-view.ts).
import { Marked, type Tokens } from "marked";
import { escapeHtml, highlight } from "./highlight";

const marked = new Marked({
  gfm: true,
  breaks: false,
  renderer: {
    code({ text, lang }: Tokens.Code): string {
      const language = (lang ?? "").split(/\s+/)[0] ?? "";
      const label = language ? `<span class="lang">${escapeHtml(language)}</span>` : "";
      return `<pre class="code">${label}<code class="hljs">${highlight(text, language)}</code></pre>`;
    },
    html({ text }: Tokens.HTML | Tokens.Tag): string {
      return escapeHtml(text);
    },
    link({ href, text }: Tokens.Link): string {
      return `<a class="link" title="${escapeHtml(href)}" data-href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
    },
    image({ href, text }: Tokens.Image): string {
      // Remote images would be a network fetch: show what they are instead.
      return `<span class="image-ref">[image: ${escapeHtml(text || href)}]</span>`;
    },
  },
});

export function renderMarkdown(text: string): string {
  return marked.parse(text, { async: false });
}
