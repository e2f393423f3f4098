import { readFileSync } from "node:fs";
import { it } from "vitest";
import { Harness } from "./harness";

const WORLD = [
  { title: "Order new glasses", priority: "high" as const, labels: ["urgent"] },
  { title: "Book the optician", due: 3 },
  { title: "Pay the gas bill", due: 1, list: "Errands" },
  { title: "Call mum", due: 0 },
  { title: "Clean the gutters", labels: ["work"] },
  { title: "Buy dog food", list: "Errands" },
];
const lines = readFileSync(process.env.PROBE ?? "/work/probe/p.txt", "utf8")
  .split("\n")
  .filter((l) => l.trim() && !l.startsWith("#"));
it("probe", async () => {
  const out: string[] = [];
  for (const line of lines) {
    const h = await Harness.create({ now: "2026-11-22T14:05:00.000Z", timeZone: "UTC", tasks: [], seedAtNoonUtc: true });
    await h.createList("Errands");
    for (const s of WORLD) await h.seed(s);
    const before = JSON.stringify(await h.all());
    const parts: string[] = [];
    for (const msg of line.split(" || ")) {
      const r = msg === "!yes" ? (h.pending.length ? await h.approve(true) : await h.say("yes")) : await h.say(msg);
      parts.push(
        `  > ${msg}\n    ${r.text.replace(/\n/g, " / ").slice(0, 220)}\n    calls: ${r.calls
          .map((c) => c.toolName + JSON.stringify(c.input))
          .join(" ; ")
          .slice(0, 300)}`,
      );
    }
    const after = await h.all();
    const b = JSON.parse(before) as typeof after;
    const diffs: string[] = [];
    for (const t of after) {
      const o = b.find((x) => x.id === t.id);
      if (!o)
        diffs.push(
          `NEW ${JSON.stringify({ title: t.title, due: t.dueAt, p: t.priority, list: t.list?.name, labels: t.labels, rem: t.remindAt, rec: t.recurrence?.rule })}`,
        );
      else
        for (const k of Object.keys(t) as (keyof typeof t)[])
          if (String(k) !== "updatedAt" && JSON.stringify(t[k]) !== JSON.stringify(o[k]))
            diffs.push(`CHG ${t.title}.${k}: ${JSON.stringify(o[k])} -> ${JSON.stringify(t[k])}`);
    }
    for (const o of b) if (!after.find((t) => t.id === o.id)) diffs.push(`DEL ${o.title}`);
    out.push(`${parts.join("\n")}\n    => ${diffs.join(" | ") || "(no change)"}`);
  }
  console.log(out.join("\n"));
}, 600_000);
