import { execSync } from "node:child_process";
import { diffSnapshots } from "./src/boundary/diff.ts";
import { exec } from "./src/boundary/exec.ts";
import { readGitState } from "./src/boundary/git-state.ts";
import { snapshotRoots } from "./src/boundary/snapshot.ts";
import { walkWithFind } from "./src/boundary/walk-find.ts";

const d = "/tmp/bigtree";
const base = await snapshotRoots([d]);
const F = "%P\\0f %m %s %T@ %C@\\0";
for (let k = 0; k < 5; k++) {
	const T: Record<string, number> = {};
	let t = performance.now();
	const lap = (n: string) => {
		T[n] = Math.round(performance.now() - t);
		t = performance.now();
	};
	execSync("git status --porcelain --ignored", { cwd: d });
	lap("status");
	await exec("find", [".", "-mindepth", "1", "-printf", F], d, () => {});
	lap("findDiscard");
	await walkWithFind(d, Date.now() - 2000);
	lap("walkFind");
	await readGitState(d, "");
	lap("git");
	const s = await snapshotRoots([d], { previous: base });
	lap("snap");
	diffSnapshots(base, s);
	lap("diff");
	console.log(JSON.stringify(T));
}
