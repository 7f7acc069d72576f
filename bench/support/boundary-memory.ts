/**
 * One memory measurement of the boundary check, in a process of its own so nothing else shares
 * its peak: `node boundary-memory.ts <root> [find|node|none]` takes a snapshot, a second one for
 * comparison, diffs them, and prints the process's peak RSS (VmHWM) in KiB as JSON. `none` only
 * loads the same modules: the floor every measurement stands on.
 */
import { readFileSync } from "node:fs";
import { diffSnapshots } from "../../src/boundary/diff.ts";
import { snapshotRoots } from "../../src/boundary/snapshot.ts";

function peakKib(): number {
	const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
	return match ? Number(match[1]) : process.resourceUsage().maxRSS;
}

const [root, walker = "find"] = process.argv.slice(2);
if (root === undefined) throw new Error("usage: boundary-memory.ts <root> [find|node|none]");
let changes = 0;
let treeBytes = 0;
if (walker !== "none") {
	const options = { walker: walker === "node" ? ("node" as const) : ("find" as const) };
	const before = await snapshotRoots([root], options);
	const after = await snapshotRoots([root], { ...options, previous: before });
	changes = diffSnapshots(before, after).length;
	treeBytes = before.roots[0]?.tree.length ?? 0;
}
process.stdout.write(`${JSON.stringify({ peakKib: peakKib(), changes, treeBytes })}\n`);
