import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown";

describe("renderMarkdown", () => {
  it("highlights fenced code", () => {
    const html = renderMarkdown("Try:\n\n```python\nprint('hi')\n```\n");
    expect(html).toContain('<pre class="code"><span class="lang">python</span>');
    expect(html).toContain('class="hljs-built_in">print</span>');
  });

  it("never lets the model's HTML through", () => {
    const html = renderMarkdown('<img src=x onerror="alert(1)"> and <script>bad()</script>');
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<script");
    expect(html).toContain("&#60;script&#62;");
  });

  it("keeps links inert and never loads remote images", () => {
    const html = renderMarkdown("[site](https://example.com) ![pic](https://example.com/a.png)");
    expect(html).not.toMatch(/\shref=/);
    expect(html).toContain('data-href="https://example.com"');
    expect(html).toContain("[image: pic]");
  });
});
