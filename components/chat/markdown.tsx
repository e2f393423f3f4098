/**
 * A deliberately tiny Markdown renderer for assistant text. It builds React elements (which
 * escape all text), never HTML strings: bold, italic, inline and fenced code, lists, line
 * breaks and links whose scheme is http(s) or mailto. Images are never rendered (no request is
 * ever made for one); any other link is reduced to its text. Everything else stays plain text.
 */
import { Fragment, type ReactNode } from "react";

const SAFE_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

export function safeHref(raw: string): string | null {
  try {
    const url = new URL(raw.trim());
    return SAFE_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

// Order matters: code first (its content is literal), then images (so "![…](…)" is not a link).
// A link target may hold one level of balanced parentheses: (https://en.wikipedia.org/wiki/X_(y)).
const INLINE =
  /`([^`\n]+)`|!\[([^\]\n]*)\]\(\s*((?:[^()\s]|\([^()\s]*\))*)(?:\s+"[^"]*")?\s*\)|\[([^\]\n]+)\]\(\s*((?:[^()\s]|\([^()\s]*\))+)(?:\s+"[^"]*")?\s*\)|\*\*(.+?)\*\*|__(.+?)__|(?<![\w*])\*(?!\s)([^*\n]+?)\*(?![\w*])|(?<![\w_])_(?!\s)([^_\n]+?)_(?![\w_])/g;

export function renderInline(text: string, key = "i"): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let n = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index ?? 0;
    if (index > last) out.push(text.slice(last, index));
    const k = `${key}-${n++}`;
    const [, code, imageAlt, , linkText, linkHref, bold1, bold2, italic1, italic2] = match;
    if (code !== undefined) {
      out.push(
        <code key={k} className="rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.85em] text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200">
          {code}
        </code>,
      );
    } else if (imageAlt !== undefined) {
      // Images are never loaded: show the alt text only.
      if (imageAlt) out.push(<Fragment key={k}>{imageAlt}</Fragment>);
    } else if (linkText !== undefined && linkHref !== undefined) {
      const href = safeHref(linkHref);
      out.push(
        href ? (
          <a
            key={k}
            href={href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="font-medium text-accent-600 underline underline-offset-2 hover:text-accent-500 dark:text-accent-400"
          >
            {renderInline(linkText, k)}
          </a>
        ) : (
          <Fragment key={k}>{renderInline(linkText, k)}</Fragment>
        ),
      );
    } else if (bold1 !== undefined || bold2 !== undefined) {
      out.push(
        <strong key={k} className="font-semibold">
          {renderInline(bold1 ?? bold2 ?? "", k)}
        </strong>,
      );
    } else if (italic1 !== undefined || italic2 !== undefined) {
      out.push(<em key={k}>{renderInline(italic1 ?? italic2 ?? "", k)}</em>);
    }
    last = index + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

type Block =
  | { type: "p"; lines: string[] }
  | { type: "ul" | "ol"; items: string[]; start: number }
  | { type: "code"; text: string }
  | { type: "heading"; text: string };

const LIST_ITEM = /^\s{0,3}(?:([-*+])|(\d{1,9})[.)])\s+(.*)$/;

export function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? "";
    if (/^\s*```/.test(line)) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !/^\s*```/.test(lines[i] ?? "")) body.push(lines[i++] ?? "");
      i++; // closing fence (or end of a still-streaming block)
      blocks.push({ type: "code", text: body.join("\n") });
      continue;
    }
    if (!line.trim()) {
      i++;
      continue;
    }
    const heading = /^\s{0,3}#{1,6}\s+(.*)$/.exec(line);
    if (heading) {
      blocks.push({ type: "heading", text: heading[1] ?? "" });
      i++;
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      const ordered = item[2] !== undefined;
      const items: string[] = [];
      while (i < lines.length) {
        const m = LIST_ITEM.exec(lines[i] ?? "");
        if (!m || (m[2] !== undefined) !== ordered) break;
        items.push(m[3] ?? "");
        i++;
      }
      blocks.push({ type: ordered ? "ol" : "ul", items, start: ordered ? Number(item[2]) : 1 });
      continue;
    }
    const para: string[] = [];
    while (i < lines.length) {
      const l = lines[i] ?? "";
      if (!l.trim() || LIST_ITEM.test(l) || /^\s*```/.test(l) || /^\s{0,3}#{1,6}\s/.test(l)) break;
      para.push(l);
      i++;
    }
    blocks.push({ type: "p", lines: para });
  }
  return blocks;
}

export function Markdown({ text }: { text: string }) {
  const blocks = parseBlocks(text);
  return (
    <div className="space-y-2.5 break-words">
      {blocks.map((block, b) => {
        const key = `b${b}`;
        switch (block.type) {
          case "code":
            return (
              <pre
                key={key}
                className="overflow-x-auto rounded-lg bg-zinc-100 p-3 font-mono text-xs text-zinc-800 dark:bg-zinc-950 dark:text-zinc-200"
              >
                <code>{block.text}</code>
              </pre>
            );
          case "heading":
            return (
              <p key={key} className="font-semibold">
                {renderInline(block.text, key)}
              </p>
            );
          case "ul":
            return (
              <ul key={key} className="list-disc space-y-1 pl-5 marker:text-zinc-400">
                {block.items.map((item, j) => (
                  <li key={j}>{renderInline(item, `${key}-${j}`)}</li>
                ))}
              </ul>
            );
          case "ol":
            return (
              <ol key={key} start={block.start} className="list-decimal space-y-1 pl-5 marker:text-zinc-400">
                {block.items.map((item, j) => (
                  <li key={j}>{renderInline(item, `${key}-${j}`)}</li>
                ))}
              </ol>
            );
          case "p":
            return (
              <p key={key}>
                {block.lines.map((line, j) => (
                  <Fragment key={j}>
                    {j > 0 && <br />}
                    {renderInline(line, `${key}-${j}`)}
                  </Fragment>
                ))}
              </p>
            );
        }
      })}
    </div>
  );
}
