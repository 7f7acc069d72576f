/**
 * What the subprocess runner adds to a bare `pi --mode json` process, measured side by side with
 * the scripted model: a one-turn child through the runner (the build children load, the package's
 * own build that Pi would import natively, the source as tests load it) against the same
 * one-turn run spawned directly, and how long a stop takes (abort to outcome, with a detached and a
 * setsid grandchild to kill) against that same run.
 *
 * The sandbox: the runner's launches carry no sandbox plan, so each child runs contained (its own
 * PID namespace) where the machine allows it, without the sandbox's mounts; sandbox.bench.ts
 * compares the modes.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { renderTable } from "../src/format/table.ts";
import { findPiCli } from "../src/run/runners/child-paths.ts";
import { createSubprocessRunner, runSubprocess } from "../src/run/runners/subprocess.ts";
import type { ChildRunner } from "../src/run/types.ts";
import { envelope, runScripted, scriptedChild, submitTurn } from "../test/support/child.ts";
import { REPO, SCRIPTED_PROVIDER } from "../test/support/pi.ts";
import type { Bench } from "./run.ts";

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The same one-turn run as the runner's, spawned directly: no extension of ours, no tree handling. */
function bare(cli: string): number {
	const child = scriptedChild({ turns: ["done"] });
	const start = performance.now();
	const out = spawnSync(
		process.execPath,
		[
			cli,
			"--mode",
			"json",
			"--offline",
			"--no-extensions",
			"-e",
			SCRIPTED_PROVIDER,
			"--model",
			"scripted/scripted-1",
		].concat(["--no-session", "-p", "Do the task."]),
		{
			cwd: child.project,
			env: { ...process.env, PI_CODING_AGENT_DIR: child.agentDir },
			stdio: ["ignore", "pipe", "pipe"],
		},
	);
	if (out.status !== 0) throw new Error(`bare pi failed: ${out.stderr}`);
	return performance.now() - start;
}

async function oneTurn(runner: ChildRunner): Promise<number> {
	const child = scriptedChild({ turns: [submitTurn(envelope())] });
	const start = performance.now();
	const { outcome } = await runScripted(runner, child);
	if (!outcome.completed) throw new Error(`child failed: ${outcome.errors.join("; ")}`);
	return performance.now() - start;
}

/** Milliseconds from abort to outcome for a stalled child with two grandchildren to kill. */
async function stop(): Promise<number> {
	const command = "sleep 600 & setsid sleep 601 & echo started";
	const child = scriptedChild({
		turns: [{ tools: [{ name: "bash", args: { command } }] }, { text: "stall", delayMs: 600_000 }],
	});
	const controller = new AbortController();
	let aborted = 0;
	const { outcome } = await runScripted(runSubprocess, child, {
		signal: controller.signal,
		during: (p) => {
			if (p.type === "turn" && p.turn === 2) {
				aborted = performance.now();
				controller.abort("wall");
			}
		},
	});
	if (outcome.stoppedBy !== "wall") throw new Error("the child was not stopped");
	return performance.now() - aborted;
}

const bench: Bench = async ({ quick }) => {
	const found = findPiCli();
	if ("error" in found) throw new Error(found.error);
	const built = createSubprocessRunner({ extension: join(REPO, "dist/ext/run/child/child-extension.js") });
	const native = createSubprocessRunner({ extension: join(REPO, "dist/run/child/child-extension.js") });
	const runs = quick ? 3 : 9;
	const samples = {
		bare: [] as number[],
		built: [] as number[],
		native: [] as number[],
		source: [] as number[],
		stop: [] as number[],
	};
	bare(found.cli); // warm the file cache
	for (let i = 0; i < runs; i++) {
		samples.bare.push(bare(found.cli));
		samples.built.push(await oneTurn(built));
		samples.native.push(await oneTurn(native));
		samples.source.push(await oneTurn(runSubprocess));
		samples.stop.push(await stop());
	}
	const base = median(samples.bare);
	const row = (what: string, values: number[]) => [
		what,
		`${Math.round(median(values))} ms`,
		`${(median(values) / base).toFixed(2)}×`,
	];
	const table = renderTable(
		["measure (median)", "time", "vs bare pi"],
		[
			row("bare pi --mode json, one turn", samples.bare),
			row("runner, dist/ext build, one turn + submit", samples.built),
			row("runner, dist/run build (native import)", samples.native),
			row("runner, source extension (.ts), one turn + submit", samples.source),
			row("stop: abort to outcome, 2 grandchildren", samples.stop),
		],
		["left", "right", "right"],
	);
	return {
		name: "subprocess",
		table,
		data: { runs, samples, medians: Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)])) },
	};
};

export default bench;
