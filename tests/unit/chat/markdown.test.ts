/**
 * SECURITY.md 16: the assistant's Markdown (components/chat/markdown.tsx) never loads a remote
 * image and never renders a link with a dangerous scheme — javascript:, data:, vbscript:, in
 * any spelling, nested or malformed; such links are reduced to their text. Rendered to HTML the
 * way React renders it on the server.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown, safeHref } from "@/components/chat/markdown";

function html(text: string): string {
  return renderToStaticMarkup(createElement(Markdown, { text }));
}

/** Every href/src in the markup. */
function urls(markup: string): string[] {
  return [...markup.matchAll(/\s(?:href|src|srcset|action|formaction)="([^"]*)"/g)].map((m) => m[1]!);
}

const ALLOWED_TAGS = ["div", "p", "br", "a", "strong", "em", "code", "pre", "ul", "ol", "li"];

/** Only the renderer's own elements, no event handlers, and only safe URLs. */
function expectNoDangerousUrl(markup: string): void {
  for (const url of urls(markup)) expect(url).toMatch(/^(https?:|mailto:)/);
  for (const [, name, attributes] of markup.matchAll(/<([a-z0-9]+)([^>]*)>/gi)) {
    expect(ALLOWED_TAGS).toContain(name!.toLowerCase());
    expect(attributes).not.toMatch(/\son\w+=/i);
  }
}

describe("links", () => {
  it("keeps http(s) and mailto links, opened safely", () => {
    const markup = html("See [the docs](https://example.com/a_(b)) or [mail](mailto:help@example.com)");
    expect(urls(markup)).toEqual(["https://example.com/a_(b)", "mailto:help@example.com"]);
    expect(markup).toContain('rel="noopener noreferrer nofollow"');
    expect(markup).toContain('target="_blank"');
  });

  it.each([
    ["javascript:", "[click me](javascript:alert(1))"],
    ["JavaScript in mixed case", "[click me](JaVaScRiPt:alert(document.cookie))"],
    ["javascript with spaces around", "[click me](  javascript:alert(1)  )"],
    ["javascript with a tab inside", "[click me](java\tscript:alert(1))"],
    ["javascript with an entity", "[click me](javascript&#58;alert(1))"],
    ["data:", "[click me](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
    ["vbscript:", "[click me](vbscript:msgbox(1))"],
    ["file:", "[click me](file:///etc/passwd)"],
    ["protocol-relative", "[click me](//evil.example/x)"],
    ["relative", "[click me](/api/account)"],
  ])("reduces a %s link to its text", (_name, source) => {
    const markup = html(source);
    expect(markup).not.toContain("<a");
    expect(markup).toContain("click me");
    expectNoDangerousUrl(markup);
  });

  it("neutralises links nested in links and in emphasis", () => {
    for (const source of [
      "[[inner](javascript:alert(1))](https://example.com)",
      "**[bold](javascript:alert(1))**",
      "[**x**](vbscript:msgbox(1))",
      "_[a](data:text/html,<script>alert(1)</script>)_",
    ]) {
      const markup = html(source);
      expectNoDangerousUrl(markup);
      for (const url of urls(markup)) expect(url).toBe("https://example.com/");
    }
  });

  it("leaves malformed links as plain text", () => {
    for (const source of [
      "[text](",
      "[text](https://example.com",
      "[text] (https://example.com)",
      "[](https://example.com)",
      "[a](b c)",
      "](javascript:alert(1))",
    ]) {
      const markup = html(source);
      expectNoDangerousUrl(markup);
    }
    expect(html("[text](https://example.com")).not.toContain("<a");
  });

  it("safeHref accepts only http, https and mailto", () => {
    expect(safeHref("https://example.com/x")).toBe("https://example.com/x");
    expect(safeHref(" http://example.com ")).toBe("http://example.com/");
    for (const bad of [
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      " javascript:alert(1)",
      "data:,x",
      "vbscript:x",
      "//example.com",
      "/relative",
      "",
      "blob:https://example.com/x",
    ]) {
      expect(safeHref(bad), bad).toBeNull();
    }
  });
});

describe("images", () => {
  it.each([
    ["a remote image", "![tracking pixel](https://evil.example/p.png)", "tracking pixel"],
    ["an image without alt text", "before ![](https://evil.example/p.png) after", "before  after"],
    ["a javascript: image", "![x](javascript:alert(1))", "x"],
    ["a data: image", "![pic](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)", "pic"],
    ["an image inside a link", "[![logo](https://evil.example/l.png)](https://example.com)", ""],
    ["an image with a title", '![t](https://evil.example/p.png "title")', "t"],
  ])("never renders %s (no request is made)", (_name, source, text) => {
    const markup = html(source);
    expect(markup).not.toContain("<img");
    expect(markup).not.toContain("evil.example/p.png");
    if (text) expect(markup).toContain(text);
    expectNoDangerousUrl(markup);
  });
});

describe("HTML in the text", () => {
  it("is escaped, never interpreted", () => {
    const markup = html('<img src=x onerror=alert(1)> <script>alert(1)</script> <a href="javascript:alert(1)">x</a>');
    expect(markup).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(markup).toContain("&lt;script&gt;");
    expectNoDangerousUrl(markup);
  });

  it("stays literal inside code", () => {
    const markup = html("`[x](javascript:alert(1))`\n\n```\n<script>alert(1)</script>\n```");
    expect(markup).toContain("<code");
    expect(markup).toContain("[x](javascript:alert(1))");
    expect(markup).toContain("&lt;script&gt;");
    expect(markup).not.toContain("<a");
  });
});
