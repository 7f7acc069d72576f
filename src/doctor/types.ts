/**
 * Types of `pi-delegate doctor`: the facts the shell gathers about this machine and setup (plain
 * data, no handles), and the checks the pure judges make of them. A check is `fail` only when
 * something a delegation needs is missing or broken; `warn` marks a missing extra and says what
 * going without it costs.
 */
import type { LoadedAgents } from "../agents/load.ts";
import type { ModelInfo, ModelRef } from "../plan/types.ts";
import type { Problem } from "../problems.ts";
import type { ReadSettingsResult } from "../settings/read.ts";

export type CheckState = "ok" | "warn" | "fail" | "skip";

export interface Check {
	/** Stable, for machines: `node`, `pi`, `pi-children`, `extension`, `settings`, `effort.fast`, … */
	id: string;
	/** The check as the table names it. */
	name: string;
	state: CheckState;
	/** What was found, in plain words. */
	detail: string;
	/** What to do about it; set on every `fail` and `warn`. */
	fix?: string;
	/** For a `warn`: what leaving it as it is costs. */
	cost?: string;
	/** The problems behind the state, each with its own fix (settings, agents, models). */
	problems?: Problem[];
}

export interface DoctorReport {
	/** No check failed (warnings allowed). */
	ok: boolean;
	checks: Check[];
	counts: Record<CheckState, number>;
}

/** A program run to ask it something: where it was found and what it said. */
export interface ProgramAnswer {
	/** The executable found on PATH; undefined when there is none. */
	path?: string;
	status?: number | null;
	stdout?: string;
	stderr?: string;
	/** Why it could not be run or did not finish (spawn error, timeout). */
	error?: string;
}

/** What the package declares about itself (read from its package.json at run time). */
export interface PackageFacts {
	root: string;
	/** `engines.node`, e.g. `>=22.19.0`. */
	node?: string;
	/** The peer range of @earendil-works/pi-coding-agent, e.g. `>=0.86.1 <2`. */
	pi?: string;
	/** `pi.extensions`, resolved against the root, with whether each file exists. */
	extensions: Array<{ entry: string; path: string; exists: boolean }>;
	/** Why package.json could not be read. */
	error?: string;
	/** How the copy doctor runs from was started; only for pi-delegate's own package. */
	build?: BuildFacts;
}

/**
 * Whether this copy runs its build or its TypeScript sources. A clone runs its build only while
 * every source has the size and time the build recorded (bin/pi-delegate.cjs, index.ts); an
 * installed copy always runs its build.
 */
export interface BuildFacts {
	runs: "build" | "sources";
	/** A copy outside node_modules: a clone, or a checkout Pi installed from git. */
	clone: boolean;
	/** dist/ holds a build. */
	built: boolean;
	/** The development tools a build needs are installed (a checkout Pi installed has none). */
	canBuild: boolean;
}

/** The Pi the parent runs in: the `pi` on PATH from a shell, the running Pi inside it. */
export type PiFacts = { where: "path"; answer: ProgramAnswer } | { where: "running"; version: string; path?: string };

/** The Pi a child runs on: the CLI a subprocess child starts, and the SDK an in-process child uses. */
export interface ChildPiFacts {
	cli?: string;
	cliVersion?: string;
	error?: string;
	sdkVersion: string;
}

/** How loading the package's extension into that Pi went. */
export type ExtensionFacts =
	| { how: "loaded-here" }
	| { how: "probe"; errors: string[]; answer: ProgramAnswer }
	| { how: "not-probed"; why: string };

export interface RunsDirFacts {
	dir: string;
	/** Where the value came from: PI_DELEGATE_RUNS_DIR, the runsDir setting, or the default. */
	source: string;
	exists: boolean;
	/** The nearest existing directory it would be created in, when it does not exist yet. */
	createdUnder?: string;
	/** Why a file cannot be written there; undefined when the probe file was written and removed. */
	error?: string;
}

/** Bubblewrap: installed (its version) and whether it can start a trivial sandbox here. */
export interface SandboxFacts {
	version: ProgramAnswer;
	trial?: ProgramAnswer;
	/** PI_DELEGATE_BWRAP=off: runs go without bubblewrap whatever this machine has. */
	turnedOff?: boolean;
}

/** What a launch would be decided from: the same reads `loadTaskInputs` makes, read-only. */
export interface SetupFacts {
	models: readonly ModelInfo[];
	tools: readonly string[];
	agents: LoadedAgents;
	/** Pi's default model settings (from a shell) or the parent's model (inside Pi). */
	piDefault?: { provider?: string; model?: string; thinking?: string };
	parent?: ModelRef;
	/** Provider extensions that failed to load, credentials or model files that cannot be read. */
	hostProblems: Problem[];
}

export interface DoctorFacts {
	nodeVersion: string;
	pkg: PackageFacts;
	pi: PiFacts;
	childPi: ChildPiFacts;
	extension: ExtensionFacts;
	settings: ReadSettingsResult;
	/** An error when the runtime could not be built at all. */
	setup: SetupFacts | { error: string };
	runsDir: RunsDirFacts;
	git: ProgramAnswer;
	sandbox: SandboxFacts;
}
