/**
 * Child layouts for the cost benchmark: how a parent Pi session hands the same work to N sibling
 * children. A layout says which extension the parent loads, which tool calls start one burst of
 * children, which file child i reads and how a child hands its report back; the benchmark does the
 * rest, identically for every layout.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { VERSION } from "@earendil-works/pi-coding-agent";
import type { TurnSpec } from "../emulator/index.ts";
import { type BenchEnv, DATA_FILE, SUBAGENT_EXAMPLE, workerRole } from "./bench-env.ts";
import { requireFreshBuild } from "./build.ts";
import { REPO } from "./pi-process.ts";
import {
	SUBAGENTS_CONCURRENCY,
	SUBAGENTS_VERSION,
	subagentsExtension,
	subagentsInstalledVersion,
} from "./subagents.ts";

export interface ToolCall {
	name: string;
	input: Record<string, unknown>;
}

/** One child of a burst: its task text and the lane (root) it reads in. */
export interface BurstTask {
	task: string;
	lane: number;
}

export interface ChildLayout {
	id: string;
	label: string;
	/** `package-matched`: pi-subagents at pi-delegate's concurrency where that differs from the example's. */
	role: "baseline" | "pi-delegate" | "package" | "package-matched";
	/** The system measured and its version, as the results state it. */
	version(): string;
	/** How many children run at once and what sets it, in plain words. */
	concurrency: string;
	/** Which agent each child is. */
	agent: string;
	/** The most children it may run at once; without it, every child of a burst. */
	atOnce?: number;
	/** The only workloads it runs (every one without it). */
	workloads?: readonly string[];
	/** Sets up what the layout needs for `modelRef`; returns the parent's extra flags and environment. */
	prepare(env: BenchEnv, modelRef: string): { parentArgs: string[]; env: Record<string, string> };
	/** Path (relative to the project) of the file a child in `lane` is asked to read. */
	dataPath(lane: number): string;
	/** The parent's tool calls that start one burst. */
	delegateCalls(env: BenchEnv, tasks: readonly BurstTask[]): ToolCall[];
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
	version: () => `Pi ${VERSION}'s examples/extensions/subagent`,
	concurrency: "at most 4 at once (the example's MAX_CONCURRENCY)",
	atOnce: 4,
	agent: "worker: the example's agents/worker.md (Pi's default prompt and tools, the role appended)",
	prepare(env, modelRef) {
		const agents = join(env.dir.agentDir, "agents");
		mkdirSync(agents, { recursive: true });
		const frontmatter = ["---", "name: worker", "description: General-purpose worker", `model: ${modelRef}`, "---"];
		writeFileSync(join(agents, "worker.md"), `${frontmatter.join("\n")}\n\n${workerRole()}\n`);
		return { parentArgs: ["-e", join(SUBAGENT_EXAMPLE, "index.ts")], env: {} };
	},
	dataPath: () => DATA_FILE,
	delegateCalls: (_env, tasks) => [
		{ name: "subagent", input: { tasks: tasks.map(({ task }) => ({ agent: "worker", task })) } },
	],
	finalTurn: (report) => report,
};

/** The `version` field of the package.json in `dir`. */
export function packageVersion(dir: string): string {
	return String((JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version?: unknown }).version);
}

/**
 * The result a pi-delegate child submits: the report, with a pointer the tool verifies in its root.
 * `unsure` and `did_not_do` are left out, as the tool's description asks when there are none.
 */
function submitReport(report: string): TurnSpec {
	const envelope = {
		status: "ok",
		deliverable: report,
		evidence: [{ claim: "the file's first line says so", pointer: `${DATA_FILE}:1` }],
	};
	return { tools: [{ name: "submit_result", input: envelope }] };
}

/** Directory of root `lane` under the project; each holds a copy of the data file. */
const laneDir = (lane: number) => join("lanes", `lane-${lane}`);

const DELIVERABLE = "What the file says, in one line.";

/**
 * pi-delegate as a user runs it: the parent loads the built package (`-e <repo>`), and each child is
 * a task worker in the default (focused) mode on the default in-process runner. Child i reads in
 * lane i mod 4 (a root of its own), which once held a burst to 4 at once; read-only siblings on one
 * root no longer wait for each other, so a burst runs all at once (the log's peak says so).
 * `calls` is how the model writes the burst.
 */
function delegateLayout(options: {
	id: string;
	label: string;
	calls: (env: BenchEnv, tasks: readonly BurstTask[]) => ToolCall[];
}): ChildLayout {
	return {
		id: options.id,
		label: options.label,
		role: "pi-delegate",
		version: () => `pi-delegate ${packageVersion(REPO)} (this tree, built)`,
		concurrency:
			"every child of a burst at once (read-only siblings on one root do not wait for each other, so the 4 root lanes no longer hold them to 4; it has no setting for it)",
		agent: "a task worker in the default focused mode (read-only tools, answers through submit_result)",
		prepare(env) {
			requireFreshBuild();
			for (let lane = 0; lane < 4; lane++) {
				mkdirSync(join(env.cwd, laneDir(lane)), { recursive: true });
				copyFileSync(join(env.cwd, DATA_FILE), join(env.cwd, laneDir(lane), DATA_FILE));
			}
			return { parentArgs: ["-e", REPO], env: {} };
		},
		dataPath: (lane) => join(laneDir(lane), DATA_FILE),
		delegateCalls: options.calls,
		finalTurn: submitReport,
	};
}

/** The headline: one `task` call for the burst, the shared deliverable once, ids from the goals, relative roots. */
export const delegateLayoutNow = delegateLayout({
	id: "pi-delegate",
	label: "pi-delegate (one task call, tasks: [...])",
	calls: (_env, tasks) => [
		{
			name: "task",
			input: {
				deliverable: DELIVERABLE,
				tasks: tasks.map(({ task, lane }) => ({ goal: task, roots: [laneDir(lane)] })),
			},
		},
	],
});

/**
 * pi-subagents as its documentation says to fan out (installed by the benchmark, never a dependency):
 * one `subagent` call with a workflow script whose `runs.all` starts the children, each with its
 * packaged read-only `reviewer` agent, all in the foreground (`async: false`, on the call and on every
 * run: its background mode fails on Pi 1.6). Children read in the project directory. Its own
 * setting for how many workflow children run at once, `globalConcurrencyLimit` in its config.json
 * (default 20), is set to `limit`: 4 as the example runs; and, in the one workload where
 * pi-delegate runs more than 4 at once (a burst of 8), 8 as pi-delegate runs.
 */
function subagentsLayout(limit: number, variant?: { workloads: readonly string[] }): ChildLayout {
	return {
		id: variant ? `pi-subagents-${limit}` : "pi-subagents",
		label: `pi-subagents ${SUBAGENTS_VERSION} (npm)${variant ? `, ${limit} at once` : ""}`,
		role: variant ? "package-matched" : "package",
		version: () => `pi-subagents ${subagentsInstalledVersion()} (npm)`,
		concurrency: `at most ${limit} at once (globalConcurrencyLimit in its config.json; its default is 20)`,
		atOnce: limit,
		...(variant && { workloads: variant.workloads }),
		agent: "reviewer: its packaged read-only agent",
		prepare(env) {
			const config = join(env.dir.agentDir, "extensions", "subagent");
			mkdirSync(config, { recursive: true });
			writeFileSync(join(config, "config.json"), JSON.stringify({ globalConcurrencyLimit: limit }));
			return { parentArgs: ["-e", subagentsExtension()], env: {} };
		},
		dataPath: () => DATA_FILE,
		delegateCalls: (_env, tasks) => {
			const runs = tasks.map(
				({ task }, i) => `{ key: "c${i + 1}", agent: "reviewer", task: ${JSON.stringify(task)}, async: false }`,
			);
			const script = `const r = await runs.all([${runs.join(", ")}]); return r.map((x) => x.output);`;
			return [{ name: "subagent", input: { async: false, workflowScript: script } }];
		},
		finalTurn: (report) => report,
	};
}

/** Every layout the cost benchmark measures, baseline first (ratios are to it). */
export const CHILD_LAYOUTS: readonly ChildLayout[] = [
	naiveLayout,
	delegateLayoutNow,
	subagentsLayout(SUBAGENTS_CONCURRENCY),
	subagentsLayout(8, { workloads: ["burst-8"] }),
];
