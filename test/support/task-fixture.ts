/** Temporary roots and a task context wired to the in-process runner with Pi's faux provider. */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createModeRegistry } from "../../src/context/modes.ts";
import { inProcessRunner } from "../../src/run/in-process.ts";
import type { TaskContext } from "../../src/run/task.ts";
import { loadSpecObject } from "../../src/spec/load.ts";
import type { TaskSpec } from "../../src/spec/schema.ts";
import { type FauxRuntime, fauxRuntime } from "./faux-runtime.ts";

export function tempDir(prefix = "pi-delegate-root-"): string {
	return realpathSync(mkdtempSync(join(tmpdir(), prefix)));
}

/** A git repository with the given files committed. */
export function gitRepo(files: Record<string, string>): string {
	const dir = tempDir("pi-delegate-repo-");
	for (const [path, content] of Object.entries(files)) {
		mkdirSync(dirname(join(dir, path)), { recursive: true });
		writeFileSync(join(dir, path), content);
	}
	const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, stdio: "ignore" });
	git("init", "-q", "-b", "main");
	git("-c", "user.name=t", "-c", "user.email=t@example.com", "add", "-A");
	git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "init");
	return dir;
}

export function spec(input: Record<string, unknown>): TaskSpec {
	const result = loadSpecObject({ id: "t", goal: "g", deliverable: "d", ...input });
	if (!result.ok) throw new Error(JSON.stringify(result.problems, null, 2));
	return result.spec;
}

export async function taskContext(
	overrides: Partial<TaskContext> = {},
): Promise<{ faux: FauxRuntime; ctx: TaskContext }> {
	const faux = await fauxRuntime();
	const ctx: TaskContext = {
		cwd: faux.agentDir,
		runner: inProcessRunner(faux.runtime),
		runnerKind: "in-process",
		model: { provider: "faux", id: "faux-1", reason: "test" },
		agentDir: faux.agentDir,
		runsDir: join(faux.agentDir, "runs"),
		parent: { options: { cwd: "/", contextFiles: [], skills: [] } },
		registry: createModeRegistry(),
		providerExtensions: [],
		...overrides,
	};
	return { faux, ctx };
}
