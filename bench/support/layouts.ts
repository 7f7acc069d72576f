/**
 * Child layouts for the cost benchmark: how a parent Pi session hands the same work to N sibling
 * children. A layout says which extension the parent loads and which tool call starts the children;
 * the benchmark does the rest, identically for every layout.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type BenchEnv, SUBAGENT_EXAMPLE, workerRole } from "./bench-env.ts";

export interface ChildLayout {
	id: string;
	label: string;
	/** What this stands in for, when it is not the real thing yet. */
	standIn?: string;
	/** Sets up what the layout needs; returns the parent's extra flags and environment. */
	prepare(env: BenchEnv): { parentArgs: string[]; env: Record<string, string> };
	/** The parent's tool call that starts one child per task. */
	delegateCall(tasks: readonly string[]): { name: string; input: Record<string, unknown> };
}

/**
 * Pi's shipped subagent example, unchanged: the parent loads it, a `worker` agent file names the
 * role, and each child is `pi --mode json -p` with Pi's default prompt plus the role appended.
 */
export const naiveLayout: ChildLayout = {
	id: "naive",
	label: "naive (Pi's subagent example)",
	prepare(env) {
		const agents = join(env.dir.agentDir, "agents");
		mkdirSync(agents, { recursive: true });
		const frontmatter = ["---", "name: worker", "description: General-purpose worker", `model: ${env.modelRef}`, "---"];
		writeFileSync(join(agents, "worker.md"), `${frontmatter.join("\n")}\n\n${workerRole()}\n`);
		return { parentArgs: ["-e", join(SUBAGENT_EXAMPLE, "index.ts")], env: {} };
	},
	delegateCall: (tasks) => ({ name: "subagent", input: { tasks: tasks.map((task) => ({ agent: "worker", task })) } }),
};

/** Children that send the parent's own system prompt and tools, with the role in the first message. */
export const sharedPrefixLayout: ChildLayout = {
	id: "shared-prefix",
	label: "shared prefix",
	standIn: "stand-in for pi-delegate's layout: the parent's prompt and tools, role in the first message",
	prepare(env) {
		return {
			parentArgs: ["-e", join(import.meta.dirname, "shared-prefix-delegate.ts")],
			env: { PI_BENCH_CHILD_MODEL: env.modelRef, PI_BENCH_CHILD_ROLE: workerRole() },
		};
	},
	delegateCall: (tasks) => ({ name: "delegate", input: { tasks: tasks.map((task) => ({ task })) } }),
};

/**
 * Every layout the cost benchmark measures, baseline first.
 * ── pi-delegate's layout plugs in here: add a layout whose parent loads the pi-delegate extension
 *    (`-e <repo>`) and whose delegateCall is its `task` tool, then drop the stand-in. ──
 */
export const CHILD_LAYOUTS: readonly ChildLayout[] = [naiveLayout, sharedPrefixLayout];
