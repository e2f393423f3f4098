import { describe, expect, it } from "vitest";
import { isRelay, readRelay } from "@/lib/agent/builtin/intents/relay";

describe("relay: an errand for someone else is offered, never added", () => {
  it.each([
    "tell my brother to pick up the keys",
    "tell jess ill be late",
    "text mum im on my way",
    "could you tell sam i'll call later",
    "pls message dad that the boiler's fixed",
    "ask mum what she wants for xmas",
    "ask the bank for a refund",
    "get tom to pay the window cleaner",
    "get my sister to feed the cat",
    "let gemma know the meeting moved",
    "wish nan happy birthday",
    "tell priya i said hi",
    "email aunt sue and ask her about christmas",
    "remind dad to take his pills",
  ])("%s", (text) => {
    expect(isRelay(text)).toBe(true);
  });

  it.each([
    "tell the landlord about the leak",
    "email the landlord about the boiler",
    "text the plumber",
    "remind me to call mum",
    "get the car to the garage",
    "get rid of the old sofa",
    "ask for a refund",
    "let me know",
    "tell you what, add milk",
    "message",
  ])("%s is the user's own to-do or no relay", (text) => {
    expect(isRelay(text)).toBe(false);
  });

  it("offers the words after a polite lead, as typed", () => {
    expect(readRelay("Could you please tell Jess I'll be late?")).toEqual({ type: "offer", item: { title: "Tell Jess I'll be late" } });
    expect(readRelay("add milk")).toBeNull();
  });
});
