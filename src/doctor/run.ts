/**
 * `runDoctor`: gathers every fact doctor judges — the slow ones (loading the extension into a real
 * `pi`, building the model runtime, asking git and bubblewrap) at the same time — and judges them.
 * Nothing here throws for a broken machine: whatever cannot be found or read becomes a fact that a
 * check reports with its fix.
 */
import { tmpdir } from "node:os";
import { resolve } from "node:path";
import { type ModelRegistry, VERSION } from "@earendil-works/pi-coding-agent";
import { decideRunsDir } from "../plan/runs-dir.ts";
import type { ModelRef } from "../plan/types.ts";
import { formatPath } from "../problems.ts";
import { findPiCli } from "../run/runners/child-paths.ts";
import { readSettings } from "../settings/read.ts";
import { judgeFacts } from "./judge.ts";
import { ownPackageRoot, piVersionAt, readBuildFacts, readPackageFacts } from "./package.ts";
import { probeExtension, probeRunsDir, probeSandbox } from "./probes.ts";
import { askOnPath, type Env } from "./programs.ts";
import { gatherSetup } from "./setup.ts";
import type {
	ChildPiFacts,
	DoctorFacts,
	DoctorReport,
	ExtensionFacts,
	PackageFacts,
	PiFacts,
	RunsDirFacts,
} from "./types.ts";

export interface DoctorOptions {
	cwd: string;
	home: string;
	agentDir: string;
	projectTrusted: boolean;
	/** PATH (where programs are looked for), TMPDIR, PI_DELEGATE_RUNS_DIR, PI_DELEGATE_PI_CLI. */
	env: Env;
	/** The package to check; default this module's own. */
	packageRoot?: string;
	/** Default: the Node running this. */
	nodeVersion?: string;
	/**
	 * Inside Pi: the running Pi, the session's model and its registry, and whether the extension runs
	 * its build (the bundle) or its sources, as index.ts chose.
	 */
	inPi?: { version: string; path?: string; model?: ModelRef; registry?: ModelRegistry; runs?: "build" | "sources" };
}

function childPi(env: Env): ChildPiFacts {
	const found = findPiCli(env);
	if ("error" in found) return { error: found.error, sdkVersion: VERSION };
	const cliVersion = piVersionAt(found.cli);
	return { cli: found.cli, ...(cliVersion && { cliVersion }), sdkVersion: VERSION };
}

function runsDir(options: DoctorOptions, settings: ReturnType<typeof readSettings>): RunsDirFacts {
	const override = options.env.PI_DELEGATE_RUNS_DIR
		? resolve(options.cwd, options.env.PI_DELEGATE_RUNS_DIR)
		: undefined;
	const setting = settings.settings.runsDir;
	const dir = decideRunsDir(
		{
			home: options.home,
			agentDir: options.agentDir,
			cwd: options.cwd,
			...(override && { runsDirOverride: override }),
		},
		setting?.value,
	);
	const source = override
		? "PI_DELEGATE_RUNS_DIR"
		: setting?.origin.kind === "file"
			? formatPath(setting.origin.place)
			: "the default";
	return probeRunsDir(dir, source);
}

async function extension(pkg: PackageFacts, pi: PiFacts, options: DoctorOptions): Promise<ExtensionFacts> {
	if (pi.where === "running") return { how: "loaded-here" };
	const entry = pkg.extensions[0];
	if (!entry?.exists) return { how: "not-probed", why: "no extension file to load" };
	if (!pi.answer.path) return { how: "not-probed", why: "no `pi` to load it into" };
	try {
		return await probeExtension(pi.answer.path, entry.path, options.env, options.env.TMPDIR || tmpdir());
	} catch (error) {
		return { how: "not-probed", why: `cannot make a temporary directory: ${(error as Error).message}` };
	}
}

async function setup(options: DoctorOptions, settings: ReturnType<typeof readSettings>): Promise<DoctorFacts["setup"]> {
	try {
		return await gatherSetup({
			...options,
			settings,
			...(options.inPi?.model && { parentModel: options.inPi.model }),
			...(options.inPi?.registry && { parentRegistry: options.inPi.registry }),
		});
	} catch (error) {
		return { error: `cannot build the model runtime: ${error instanceof Error ? error.message : String(error)}` };
	}
}

/** Every fact doctor judges. */
export async function gatherFacts(options: DoctorOptions): Promise<DoctorFacts> {
	const own = options.packageRoot === undefined ? ownPackageRoot() : undefined;
	const pkg = readPackageFacts(options.packageRoot ?? own);
	if (own !== undefined && pkg.error === undefined) pkg.build = readBuildFacts(own, options.inPi?.runs);
	const ask = { env: options.env, cwd: options.cwd };
	const pi: PiFacts = options.inPi
		? { where: "running", version: options.inPi.version, ...(options.inPi.path && { path: options.inPi.path }) }
		: { where: "path", answer: await askOnPath("pi", ["--version"], ask) };
	const settings = readSettings(options);
	const [ext, setupFacts, git, sandbox] = await Promise.all([
		extension(pkg, pi, options),
		setup(options, settings),
		askOnPath("git", ["--version"], ask),
		probeSandbox(ask),
	]);
	return {
		nodeVersion: options.nodeVersion ?? process.versions.node,
		pkg,
		pi,
		childPi: childPi(options.env),
		extension: ext,
		settings,
		setup: setupFacts,
		runsDir: runsDir(options, settings),
		git,
		sandbox,
	};
}

export async function runDoctor(options: DoctorOptions): Promise<{ facts: DoctorFacts; report: DoctorReport }> {
	const facts = await gatherFacts(options);
	return { facts, report: judgeFacts(facts) };
}
