import { describe, expect, it } from "vitest";
import { MINIMUM_NODE_MAJOR, unsupportedNode } from "@/scripts/node-version";

describe("the runtime check the servers make at start (scripts/node-version.ts)", () => {
  it("accepts Node 24 and newer", () => {
    expect(unsupportedNode("24.0.0")).toBeNull();
    expect(unsupportedNode("v24.21.0")).toBeNull();
    expect(unsupportedNode("26.10.0")).toBeNull();
  });

  it("refuses an older Node with a message that says what to do", () => {
    const problem = unsupportedNode("20.20.2");
    expect(problem).toContain(`Node ${MINIMUM_NODE_MAJOR}`);
    expect(problem).toContain("20.20.2");
    expect(problem).toContain("npm");
    expect(unsupportedNode("22.12.0")).not.toBeNull();
    expect(unsupportedNode("not a version")).not.toBeNull();
  });

  it("the test runner itself runs on the Node that npm install brought", () => {
    // npm scripts put node_modules/.bin (the `node` package, Node 24) first on PATH; vitest's
    // workers run on the same binary as vitest.
    expect(unsupportedNode(process.versions.node)).toBeNull();
  });
});
