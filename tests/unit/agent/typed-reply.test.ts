import { describe, expect, it } from "vitest";
import { classifyTypedReply } from "@/lib/agent/confirmation";

describe("typed answers to a pending delete", () => {
  it.each([
    "yes",
    "Yes!",
    "yes delete",
    "yes, delete them",
    "Yes please",
    "yep",
    "yeah go on",
    "sure",
    "ok do it",
    "confirm",
    "do it",
    "go ahead",
    "absolutely",
    "yes, remove it",
    "delete it",
    "please do",
    "yes I'm sure",
    "of course",
    "yeah bin it",
    "yes pls",
    "aye",
    "yeh go ahead",
    "ok sure bin it",
    "yep go on then",
  ])("%s approves", (text) => expect(classifyTypedReply(text)).toBe("approve"));

  it.each([
    "no",
    "No.",
    "nope",
    "cancel",
    "keep it",
    "no, keep it",
    "don't delete it",
    "no thanks",
    "never mind",
    "wait",
    "no don't",
    "leave it",
    "forget it",
  ])("%s denies", (text) => expect(classifyTypedReply(text)).toBe("deny"));

  it.each([
    "add buy milk",
    "show my tasks",
    "yes and add buy milk tomorrow please",
    "delete the gym task instead",
    "what?",
    "",
    "no, delete the other one",
    "yeah bin the other one",
  ])("%s is neither", (text) => expect(classifyTypedReply(text)).toBeNull());
});
