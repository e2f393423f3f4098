/**
 * What the browser downloads starts at the "use client" modules: everything they import (not
 * only for types) ships to every page that uses them. The chat page stays within its JS budget
 * (docs/benchmarks.md, "First Load JS") only while none of them reaches the packages below —
 * zod alone is 36 KB gzipped, the AI SDK's client ~90 KB. Files marked "use server" are
 * references from the browser, not code in it, so the walk stops there.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../../..");
const SERVER_ONLY_PACKAGES = [/^zod(\/|$)/, /^ai$/, /^@ai-sdk\//, /^next-auth(\/|$)/, /^@prisma\//, /^pg$/, /^server-only$/];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name.startsWith(".") || e.name === "generated" ? [] : sourceFiles(rel);
    return /\.(ts|tsx)$/.test(e.name) && !e.name.endsWith(".d.ts") ? [rel] : [];
  });
}

function directive(source: ts.SourceFile): string | null {
  const first = source.statements[0];
  return first && ts.isExpressionStatement(first) && ts.isStringLiteral(first.expression) ? first.expression.text : null;
}

/** The modules a file imports for their values (type-only imports and exports left out). */
function valueImports(source: ts.SourceFile): string[] {
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) out.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) {
      out.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      out.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

function resolveLocal(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/")
    ? path.join(ROOT, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(path.join(ROOT, from)), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return path.relative(ROOT, candidate);
  }
  return null;
}

describe("code that runs in the browser", () => {
  it("reaches no server-side package from any client module", () => {
    const parsed = new Map<string, ts.SourceFile>();
    const parse = (file: string) => {
      let source = parsed.get(file);
      if (!source) {
        source = ts.createSourceFile(
          file,
          fs.readFileSync(path.join(ROOT, file), "utf8"),
          ts.ScriptTarget.Latest,
          true,
          file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
        );
        parsed.set(file, source);
      }
      return source;
    };
    // Only a file that mentions "use client" can start with it: the others are not parsed (seconds saved).
    const entries = ["app", "components", "lib"]
      .flatMap(sourceFiles)
      .filter((f) => fs.readFileSync(path.join(ROOT, f), "utf8").includes("use client") && directive(parse(f)) === "use client");
    expect(entries.length).toBeGreaterThan(10);
    expect(entries).toContain(path.join("components", "chat", "chat.tsx"));

    const via = new Map<string, string>(entries.map((f) => [f, "(entry)"]));
    const queue = [...entries];
    const offending: string[] = [];
    while (queue.length) {
      const file = queue.shift()!;
      for (const specifier of valueImports(parse(file))) {
        const local = resolveLocal(file, specifier);
        if (local) {
          if (via.has(local) || directive(parse(local)) === "use server") continue;
          via.set(local, file);
          queue.push(local);
        } else if (SERVER_ONLY_PACKAGES.some((p) => p.test(specifier))) {
          const chain = [file];
          while (via.get(chain[0]!) !== "(entry)") chain.unshift(via.get(chain[0]!)!);
          offending.push(`${specifier} ← ${chain.reverse().join(" ← ")}`);
        }
      }
    }
    expect(offending).toEqual([]);
  });
});
