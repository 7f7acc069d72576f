/**
 * `selftest --e2e`: the cases of e2e-cases.ts run as real delegations — the same load → plan →
 * execute as `pi-delegate run` — with a real runner (by default the subprocess runner: a real `pi`
 * child) and the scripted model `scripted/scripted-1`, which needs no API key.
 *
 * Nothing of the user's is read or written: the agent dir, the runs dir, the home the planner sees
 * and every root live in one scratch directory (scratch.ts), removed at the end. For the length of
 * each case two variables of this process are set and then put back, PI_DELEGATE_SCRIPT and
 * PI_DELEGATE_REQUESTS: the scripted provider reads its turns from the first, in a child or in this
 * process alike, whatever the user's environment holds.
 *
 * TMPDIR is deliberately left alone: Pi's extension loader keeps its transpile cache there, and a
 * fresh, empty one per case made each child start several seconds slower. The one temporary file
 * of the runner itself (the child's prompt files) is removed by the runner when the child ends.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { gitSync } from "../boundary/git-process.ts";
import type { RunnerKind } from "../plan/types.ts";
import type { Problem } from "../problems.ts";
import { planCall, refusalOf, runChild } from "../run/delegate.ts";
import type { TaskResult } from "../run/outcome/result.ts";
import type { TaskProgress } from "../run/types.ts";
import { E2E_CASES, type E2eCase, type Requirement, type RootPaths } from "./e2e-cases.ts";
import { withScratch } from "./scratch.ts";
import { scriptedProviderPath } from "./scripted-path.ts";

/** The model every case runs on: scripted, so no key is needed and no real model is called. */
export const SCRIPTED_MODEL = "scripted/scripted-1";

export type E2eCaseResult = { id: string; label: string; expected: "PASS" | "FAIL"; runner: RunnerKind } & (
	| { state: "as-expected" | "wrong"; result: TaskResult; differences: string[] }
	| { state: "skipped"; reason: string }
	| { state: "refused"; what: string; problems: Problem[] }
);

export interface E2eReport {
	runners: RunnerKind[];
	model: string;
	cases: E2eCaseResult[];
	/** 1 a verdict is wrong; 2 a case could not run (a tool missing, the run refused); else 0. */
	exitCode: 0 | 1 | 2;
}

export interface E2eOptions {
	/** Each case runs once per runner, in this order; default the subprocess runner alone. */
	runners?: readonly RunnerKind[];
	/** Replaces the shipped cases (tests inject a broken one). */
	cases?: readonly E2eCase[];
	/** Where the scratch directory is made. */
	tmpRoot: string;
	/** The environment the tools are looked up in (PATH). */
	env: Readonly<Record<string, string | undefined>>;
	signal?: AbortSignal;
	onProgress?: (caseId: string, progress: TaskProgress) => void;
}

/** Whether a program runs here, asked by running it (`--version`), not by trusting a path. */
function runs(program: string, env: E2eOptions["env"]): boolean {
	const out = spawnSync(program, ["--version"], { env, stdio: "ignore", timeout: 10_000 });
	return out.error === undefined && out.status === 0;
}

const WHY: Readonly<Record<Requirement | "git", string>> = {
	python3: "python3 is not on PATH; this case runs `python3 -m py_compile`",
	git: "git is not on PATH; the roots are git repositories and every snapshot reads their state",
};

function git(dir: string, ...args: string[]): void {
	if (gitSync(args, dir).status !== 0) throw new Error(`git ${args.join(" ")} failed in ${dir}`);
}

/** Makes each root of a case as a committed git repository under `dir`. */
function makeRoots(c: E2eCase, dir: string): RootPaths {
	const paths: Record<string, string> = {};
	for (const [name, files] of Object.entries(c.roots)) {
		const root = join(dir, name);
		for (const [file, content] of Object.entries(files)) {
			mkdirSync(dirname(join(root, file)), { recursive: true });
			writeFileSync(join(root, file), content);
		}
		git(root, "init", "-q");
		git(root, "add", "-A");
		git(root, "commit", "-q", "-m", "init");
		paths[name] = root;
	}
	return paths;
}

/** Sets variables of this process for the length of `fn`, then restores them exactly. */
async function withEnv<T>(vars: Record<string, string>, fn: () => Promise<T>): Promise<T> {
	const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
	Object.assign(process.env, vars);
	try {
		return await fn();
	} finally {
		for (const [key, value] of Object.entries(before)) {
			if (value === undefined) delete process.env[key];
			else process.env[key] = value;
		}
	}
}

/** Runs one case in `dir` (a fresh directory of the scratch; short, as every report path starts with it). */
async function runCase(c: E2eCase, runner: RunnerKind, dir: string, options: E2eOptions): Promise<E2eCaseResult> {
	const head = { id: c.id, label: c.label, expected: c.expected, runner };
	const agentDir = join(dir, "agent");
	const work = join(dir, "work");
	mkdirSync(agentDir, { recursive: true });
	mkdirSync(work);
	const paths = makeRoots(c, dir);
	// In the agent dir: a sandboxed child sees (and may write) its agent dir, and nothing else of /tmp.
	const script = join(agentDir, "script.json");
	writeFileSync(script, JSON.stringify(c.script(paths)));
	const vars = { PI_DELEGATE_SCRIPT: script, PI_DELEGATE_REQUESTS: join(agentDir, "requests.jsonl") };
	return withEnv(vars, async () => {
		const called = await planCall(
			{
				entry: "cli",
				request: { model: SCRIPTED_MODEL, runner, extensions: [scriptedProviderPath()] },
				cwd: work,
				home: dir,
				agentDir,
				projectTrusted: false,
				env: { PI_DELEGATE_RUNS_DIR: join(dir, "runs") },
				parentPrompt: async () => ({ options: { contextFiles: [], skills: [], cwd: work } }),
			},
			[{ kind: "task", where: { path: [] }, spec: c.spec(paths), layer: {}, defaults: [] }],
		);
		if (!called.ok) return { ...head, state: "refused", ...refusalOf(called) };
		const plan = called.plans[0]!;
		const result = await runChild(plan, called.context, {
			progress: (progress) => options.onProgress?.(c.id, progress),
			...(options.signal && { signal: options.signal }),
		}).finally(() => called.host.dispose());
		if (result.kind !== "task") throw new Error("a task's plan came back as another kind of result");
		if (options.signal?.aborted) return { ...head, state: "skipped", reason: "the selftest was interrupted" };
		const differences = c.judge(result, paths);
		return { ...head, state: differences.length === 0 ? "as-expected" : "wrong", result, differences };
	});
}

export function e2eExitCode(cases: readonly E2eCaseResult[]): 0 | 1 | 2 {
	if (cases.some((c) => c.state === "wrong")) return 1;
	if (cases.some((c) => c.state === "skipped" || c.state === "refused")) return 2;
	return 0;
}

/** Why a case cannot run here, or undefined when it can. */
function unmet(c: E2eCase, hasGit: boolean, options: E2eOptions): string | undefined {
	const missing = [...(hasGit ? [] : ["git" as const]), ...c.needs.filter((n) => !runs(n, options.env))];
	if (missing.length > 0) return missing.map((m) => WHY[m]).join("; ");
	if (options.signal?.aborted) return "the selftest was interrupted before this case ran";
	return undefined;
}

/** Runs every case on every runner in one scratch directory, which is gone when this returns. */
export async function runE2e(options: E2eOptions): Promise<E2eReport> {
	const cases = options.cases ?? E2E_CASES;
	const runners = [...(options.runners ?? ["subprocess"])];
	const results: E2eCaseResult[] = [];
	const hasGit = gitSync(["version"], "/", options.env).status === 0;
	await withScratch(options.tmpRoot, async (scratch) => {
		for (const runner of runners) {
			for (const c of cases) {
				const reason = unmet(c, hasGit, options);
				if (reason !== undefined) {
					results.push({ id: c.id, label: c.label, expected: c.expected, runner, state: "skipped", reason });
				} else {
					results.push(await runCase(c, runner, join(scratch, String(results.length + 1)), options));
				}
			}
		}
	});
	return { runners, model: SCRIPTED_MODEL, cases: results, exitCode: e2eExitCode(results) };
}
