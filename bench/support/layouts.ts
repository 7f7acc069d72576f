/**
 * Child layouts for the cost benchmark: how a parent Pi session hands the same work to N sibling
 * children. A layout says which extension the parent loads, which tool calls start the children,
 * which file child i reads and how a child hands its report back; the benchmark does the rest,
 * identically for every layout.
 */
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TurnSpec } from "../emulator/index.ts";
import { type BenchEnv, DATA_FILE, SUBAGENT_EXAMPLE, workerRole } from "./bench-env.ts";
import { requireFreshBuild } from "./build.ts";
import { REPO } from "./pi-process.ts";

export interface ToolCall {
	name: string;
	input: Record<string, unknown>;
}

export interface ChildLayout {
	id: string;
	label: string;
	role: "baseline" | "pi-delegate";
	/** How many children run at once, in plain words, for the footer. */
	concurrency: string;
	/** Sets up what the layout needs; returns the parent's extra flags and environment. */
	prepare(env: BenchEnv): { parentArgs: string[]; env: Record<string, string> };
	/** Path (relative to the project) of the file child `index` (0-based) is asked to read. */
	dataPath(env: BenchEnv, index: number): string;
	/** The parent's tool calls that start one child per task (one call, or one per task). */
	delegateCalls(env: BenchEnv, tasks: readonly string[]): ToolCall[];
	/** The child's last turn: how it hands back `report`. */
	finalTurn(report: string): TurnSpec | string;
}

/**
 * Pi's shipped subagent example, unchanged: the parent loads it, a `worker` agent file names the
 * role, and each child is `pi --mode json -p` with Pi's default prompt plus the role appended. The
 * example runs at most four children at once.
 */
export const naiveLayout: ChildLayout = {
	id: "naive",
	label: "naive (Pi's subagent example)",
	role: "baseline",
	concurrency: "at most 4 at once (the example's MAX_CONCURRENCY)",
	prepare(env) {
		const agents = join(env.dir.agentDir, "agents");
		mkdirSync(agents, { recursive: true });
		const frontmatter = ["---", "name: worker", "description: General-purpose worker", `model: ${env.modelRef}`, "---"];
		writeFileSync(join(agents, "worker.md"), `${frontmatter.join("\n")}\n\n${workerRole()}\n`);
		return { parentArgs: ["-e", join(SUBAGENT_EXAMPLE, "index.ts")], env: {} };
	},
	dataPath: () => DATA_FILE,
	delegateCalls: (_env, tasks) => [
		{ name: "subagent", input: { tasks: tasks.map((task) => ({ agent: "worker", task })) } },
	],
	finalTurn: (report) => report,
};

/** The result a pi-delegate child submits: the report, with a pointer the tool verifies in its root. */
function submitReport(report: string): TurnSpec {
	const envelope = {
		status: "ok",
		deliverable: report,
		evidence: [{ claim: "the file's first line says so", pointer: `${DATA_FILE}:1` }],
		unsure: [],
		did_not_do: [],
	};
	return { tools: [{ name: "submit_result", input: envelope }] };
}

/** Directory of root `lane` under the project; each holds a copy of the data file. */
const laneDir = (lane: number) => join("lanes", `lane-${lane}`);

/**
 * pi-delegate as a user runs it: the parent loads the built package (`-e <repo>`), calls its `task`
 * tool once per child (Pi runs the calls in parallel), and each child is a task worker in the
 * default (focused) mode on the default in-process runner. A read-only task watches one root, and
 * tasks whose roots overlap run one after another, so `lanes` decides how many run at once: child
 * i watches lane i mod `lanes`.
 */
function delegateLayout(options: {
	id: string;
	label: string;
	lanes: (children: number) => number;
	concurrency: string;
}): ChildLayout {
	const laneOf = (children: number, index: number) => index % options.lanes(children);
	return {
		id: options.id,
		label: options.label,
		role: "pi-delegate",
		concurrency: options.concurrency,
		prepare(env) {
			requireFreshBuild();
			for (let lane = 0; lane < 8; lane++) {
				mkdirSync(join(env.cwd, laneDir(lane)), { recursive: true });
				copyFileSync(join(env.cwd, DATA_FILE), join(env.cwd, laneDir(lane), DATA_FILE));
			}
			return { parentArgs: ["-e", REPO], env: {} };
		},
		dataPath: (_env, index) => join(laneDir(index), DATA_FILE),
		delegateCalls: (env, tasks) =>
			tasks.map((task, i) => ({
				name: "task",
				input: {
					id: `child-${i + 1}`,
					goal: task,
					deliverable: "What the file says, in one line.",
					roots: [join(env.cwd, laneDir(laneOf(tasks.length, i)))],
				},
			})),
		finalTurn: submitReport,
	};
}

/** The headline comparison: pi-delegate under the same concurrency limit as the example. */
export const delegateFourLanes = delegateLayout({
	id: "pi-delegate",
	label: "pi-delegate, at most 4 at once",
	lanes: (children) => Math.min(4, children),
	concurrency: "at most 4 at once, as the example (children in 4 root lanes; a lane's tasks run in turn)",
});

/** The natural fan-out over one project: every child watches the same root, so they run in turn. */
export const delegateOneRoot = delegateLayout({
	id: "pi-delegate-one-root",
	label: "pi-delegate, one shared root",
	lanes: () => 1,
	concurrency: "one at a time: every child watches the same root, and overlapping tasks wait for each other",
});

/** Disjoint roots: nothing waits, every child starts at once. */
export const delegateAllAtOnce = delegateLayout({
	id: "pi-delegate-all-at-once",
	label: "pi-delegate, disjoint roots",
	lanes: (children) => children,
	concurrency: "all at once: every child watches a root of its own",
});

/** Every layout the cost benchmark measures, baseline first (ratios are to it). */
export const CHILD_LAYOUTS: readonly ChildLayout[] = [
	naiveLayout,
	delegateFourLanes,
	delegateOneRoot,
	delegateAllAtOnce,
];
