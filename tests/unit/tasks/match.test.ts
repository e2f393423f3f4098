import { describe, expect, it } from "vitest";
import { resolveReference } from "@/lib/tasks/match";
import type { TaskView } from "@/lib/tasks/schema";
import { taskView } from "@/tests/support/task-view.mjs";

let n = 0;
function task(title: string, status: TaskView["status"] = "pending"): TaskView {
  n++;
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();
  return taskView(id, { title, status, createdAt: at, updatedAt: at });
}

describe("resolveReference", () => {
  const milk = task("Buy milk");
  const milkEggs = task("Buy milk and eggs");
  const kickoff = task("Project kickoff");
  const retro = task("Project retro");
  const licence = task("Renew driving licence");
  const tasks = [milk, milkEggs, kickoff, retro, licence];

  it("finds a task by its own id", () => {
    expect(resolveReference(retro.id, tasks)).toEqual({ kind: "one", task: retro });
  });

  it("does not find an id that is not in the user's tasks", () => {
    expect(resolveReference("11111111-1111-4111-8111-111111111111", tasks)).toEqual({ kind: "none" });
  });

  it("prefers the exact title over a longer one", () => {
    expect(resolveReference("buy milk", tasks)).toMatchObject({ kind: "one", task: { title: "Buy milk" } });
  });

  it("ignores case, punctuation, articles and the word task", () => {
    expect(resolveReference("the PROJECT-RETRO task!", tasks)).toMatchObject({ kind: "one", task: { title: "Project retro" } });
  });

  it("returns every equally good candidate when ambiguous", () => {
    const result = resolveReference("project", tasks);
    expect(result.kind).toBe("ambiguous");
    if (result.kind === "ambiguous") expect(result.candidates.map((t) => t.title).sort()).toEqual(["Project kickoff", "Project retro"]);
  });

  it("matches British and American spellings and word order", () => {
    expect(resolveReference("driving license", tasks)).toMatchObject({ kind: "one", task: { title: "Renew driving licence" } });
    expect(resolveReference("licence renew", tasks)).toMatchObject({ kind: "one", task: { title: "Renew driving licence" } });
  });

  it("reads everyday words for the same thing (present/gift, mom/mum, bday)", () => {
    const gift = task("Buy a gift for Sam");
    const mum = task("Call mum");
    const card = task("Get a birthday card for Jo");
    const all = [gift, mum, card, ...tasks];
    expect(resolveReference("sams present", all)).toMatchObject({ kind: "one", task: { id: gift.id } });
    expect(resolveReference("moms call", all)).toMatchObject({ kind: "one", task: { id: mum.id } });
    expect(resolveReference("jo's bday card", all)).toMatchObject({ kind: "one", task: { id: card.id } });
  });

  it("reads a clipped word said in the plural ('toms' for tomatoes)", () => {
    const toms = task("Water the tomatoes");
    expect(resolveReference("the toms", [toms, ...tasks])).toMatchObject({ kind: "one", task: { id: toms.id } });
  });

  it("forgives a small typo", () => {
    expect(resolveReference("projct retro", tasks)).toMatchObject({ kind: "one", task: { title: "Project retro" } });
  });

  it("takes one word said for two of the title (issue 24)", () => {
    const garage = task("Clear out the garage");
    expect(resolveReference("garage clearout", [garage, ...tasks])).toMatchObject({ kind: "one", task: { id: garage.id } });
    expect(resolveReference("the clearout", [garage, ...tasks])).toMatchObject({ kind: "one", task: { id: garage.id } });
  });

  it("reads 'send/take X back' as return, and 'the X stuff' as X (issue 24)", () => {
    const parcel = task("Return the Zara parcel");
    const drill = task("Bring back the drill");
    const all = [parcel, drill, ...tasks];
    expect(resolveReference("send the zara parcel back", all)).toMatchObject({ kind: "one", task: { id: parcel.id } });
    expect(resolveReference("send the zara stuff back", all)).toMatchObject({ kind: "one", task: { id: parcel.id } });
    expect(resolveReference("take the drill back", all)).toMatchObject({ kind: "one", task: { id: drill.id } });
    expect(resolveReference("send the drill", all)).toEqual({ kind: "none" });
  });

  it("reads a noun made of the title's verb ('parcel collection', 'insurance renewal') (issue 24)", () => {
    const parcel = task("Collect parcel from depot");
    const insurance = task("Renew home insurance");
    const all = [parcel, insurance, ...tasks];
    expect(resolveReference("the parcel collection", all)).toMatchObject({ kind: "one", task: { id: parcel.id } });
    expect(resolveReference("insurance renewal", all)).toMatchObject({ kind: "one", task: { id: insurance.id } });
  });

  it("finds nothing for unrelated words", () => {
    expect(resolveReference("dragon taming", tasks)).toEqual({ kind: "none" });
  });

  it("breaks ties by the preferred status", () => {
    const open = task("Water plants");
    const done = task("Water plants", "completed");
    expect(resolveReference("water plants", [open, done], "pending")).toMatchObject({ kind: "one", task: { id: open.id } });
    expect(resolveReference("water plants", [open, done], "completed")).toMatchObject({ kind: "one", task: { id: done.id } });
    expect(resolveReference("water plants", [open, done]).kind).toBe("ambiguous");
  });
});

describe("a thing said to be the user's own", () => {
  const office = task("Clean the office kitchen");
  const toms = task("Buy tom's present");
  const plain = task("Water the plants");
  it("is not a task whose title gives the same thing another owner or place", () => {
    expect(resolveReference("my kitchen", [office])).toEqual({ kind: "none" });
    expect(resolveReference("buy my own present", [toms])).toEqual({ kind: "none" });
  });
  it("still finds a task that says nothing of whose it is, or says the same", () => {
    expect(resolveReference("water my plants", [plain])).toEqual({ kind: "one", task: plain });
    expect(resolveReference("my office kitchen", [office])).toEqual({ kind: "one", task: office });
    expect(resolveReference("kitchen", [office])).toEqual({ kind: "one", task: office });
  });
});

describe("a word said short", () => {
  it("finds 'invites' in 'Send wedding invitations'", () => {
    const invitations = task("Send wedding invitations");
    const invoice = task("Pay the invoice");
    expect(resolveReference("invites", [invitations, invoice])).toEqual({ kind: "one", task: invitations });
  });
});

describe("resolveReference: a phrasal deed said of a task with another verb (issue 24, w22)", () => {
  const subs = task("Collect subs from the parents");
  const kit = task("Wash the match kit");
  const fixtures = task("Send out the December fixtures");
  const tasks = [subs, kit, fixtures];

  it.each([
    ["get the subs in", subs.title],
    ["send the fixtures out", fixtures.title],
  ])("'%s' finds '%s'", (reference, title) => {
    expect(resolveReference(reference, tasks)).toMatchObject({ kind: "one", task: { title } });
  });

  it("'all the hampers' finds 'Pack the Christmas hampers'", () => {
    const hampers = task("Pack the Christmas hampers");
    expect(resolveReference("all the hampers", [...tasks, hampers])).toEqual({ kind: "one", task: hampers });
  });

  it.each(["grab the gaffer tape", "buy 4 rolls of gaffer tape"])("'%s' finds 'Buy more gaffer tape'", (reference) => {
    const tape = task("Buy more gaffer tape");
    expect(resolveReference(reference, [...tasks, tape])).toEqual({ kind: "one", task: tape });
  });

  it("keeps a number the title says ('2 bags of compost' is not 'Buy 5 bags of compost')", () => {
    const two = task("Buy 2 bags of compost");
    const five = task("Buy 5 bags of compost");
    expect(resolveReference("buy 2 bags of compost", [two, five])).toMatchObject({ kind: "one", task: { title: "Buy 2 bags of compost" } });
  });

  it("keeps a closing particle the title says ('sign in' is no 'sign')", () => {
    const signIn = task("Sign in to the portal");
    const sign = task("Sign the lease");
    expect(resolveReference("sign in the portal", [signIn, sign])).toMatchObject({ kind: "one", task: { title: "Sign in to the portal" } });
  });
});
