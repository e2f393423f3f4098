/** The machine's processes, read from /proc (Linux), for benchmarks that measure a server's process tree. */
import fs from "node:fs";

/** Every process as { pid, ppid, cmd }. */
export function processes() {
  const out = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").filter(Boolean);
      out.push({ pid: Number(entry), ppid, cmd });
    } catch {
      // gone
    }
  }
  return out;
}

/** The descendants of `pid` (children first), as { pid, ppid, cmd }. */
export function descendants(pid, all = processes()) {
  const out = [];
  const queue = [pid];
  while (queue.length) {
    const p = queue.shift();
    for (const c of all.filter((x) => x.ppid === p)) {
      out.push(c);
      queue.push(c.pid);
    }
  }
  return out;
}
