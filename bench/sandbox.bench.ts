/**
 * What containment and the sandbox cost, measured side by side in one run: a bash command as Pi
 * runs it (`bash -c`), bare, in a PID namespace (containment only) and in the full sandbox; and a
 * one-turn subprocess child, and an in-process child running one bash command, with no
 * containment, containment only, and the sandbox. Runs are interleaved so that load on the machine
 * falls on every variant alike; figures are medians and ratios to the uncontained variant.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { renderTable } from "../src/format/table.ts";
import { decideSandbox } from "../src/plan/sandbox.ts";
import { bwrapArgs, containArgs, wrapCommand } from "../src/run/sandbox/bwrap-args.ts";
import { sandboxSupport } from "../src/run/sandbox/support.ts";
import type { SandboxPlan, SandboxSupport } from "../src/run/sandbox/types.ts";
import type { RunnerKind } from "../src/run/types.ts";
import { bash, bothChild } from "../test/support/both-runners.ts";
import { envelope, submitTurn } from "../test/support/child.ts";
import type { Bench } from "./run.ts";
import { median, ratio, show } from "./support/stats.ts";

type Variant = "none" | "contained" | "enforce";
const VARIANTS: readonly Variant[] = ["none", "contained", "enforce"];

function commandPlan(dir: string): SandboxPlan {
	return decideSandbox({
		spec: { network: false, git_writes: false, resolved: { write_allowed: [dir], watched_only: [] } },
		available: { enforce: true, reason: undefined },
	});
}

/** One `true` as Pi's bash tool runs it, in each variant; milliseconds. */
function command(variant: Variant, bwrap: string, dir: string, tmp: string): number {
	const args =
		variant === "none"
			? undefined
			: variant === "contained"
				? containArgs(dir, { command: true })
				: bwrapArgs(commandPlan(dir), { cwd: dir, home: homedir(), tmp });
	const line = args === undefined ? "true" : wrapCommand(bwrap, args, "true");
	const start = performance.now();
	const out = spawnSync("bash", ["-c", line], { cwd: dir, stdio: "ignore" });
	if (out.status !== 0) throw new Error(`${variant}: the command failed (${out.status})`);
	return performance.now() - start;
}

const NONE: SandboxSupport = { bwrap: undefined, containment: false, enforce: false, reason: "benchmark" };

/** One child of `kind` in each variant; milliseconds from start to outcome. */
async function child(kind: RunnerKind, variant: Variant, support: SandboxSupport): Promise<number> {
	const turns = kind === "subprocess" ? [submitTurn(envelope())] : [bash("true"), submitTurn(envelope())];
	const c = await bothChild(kind, turns, { support: variant === "none" ? NONE : support });
	if (variant === "enforce") c.child.launch.sandbox = commandPlan(realpathSync(c.child.project));
	const start = performance.now();
	const { outcome } = await c.run();
	const elapsed = performance.now() - start;
	if (!outcome.completed) throw new Error(`${kind} ${variant}: ${outcome.errors.join("; ")}`);
	const expected = variant === "none" ? "partial" : "namespace";
	if (outcome.containment !== expected) throw new Error(`${kind} ${variant}: containment ${outcome.containment}`);
	return elapsed;
}

const bench: Bench = async ({ quick }) => {
	const support = sandboxSupport();
	if (!support.enforce || support.bwrap === undefined)
		throw new Error(`the sandbox cannot run here: ${support.reason}`);
	const dir = realpathSync(mkdtempSync(join(tmpdir(), "pi-delegate-bench-")));
	const tmp = mkdtempSync(join(tmpdir(), "pi-delegate-bench-tmp-"));
	const samples: Record<string, Record<Variant, number[]>> = {};
	const add = (what: string, variant: Variant, ms: number) => {
		samples[what] ??= { none: [], contained: [], enforce: [] };
		samples[what][variant].push(ms);
	};
	try {
		const commands = quick ? 20 : 200;
		for (let i = 0; i < commands; i++) {
			for (const v of VARIANTS) add("bash command", v, command(v, support.bwrap, dir, tmp));
		}
		const children = quick ? 2 : 9;
		for (let i = 0; i < children; i++) {
			for (const v of VARIANTS) add("subprocess child, one turn", v, await child("subprocess", v, support));
			for (const v of VARIANTS) add("in-process child, one bash command", v, await child("in-process", v, support));
		}
	} finally {
		rmSync(dir, { recursive: true, force: true });
		rmSync(tmp, { recursive: true, force: true });
	}
	const rows = Object.entries(samples).map(([what, by]) => {
		const base = median(by.none);
		return [
			what,
			show.ms(base),
			show.ms(median(by.contained)),
			show.times(ratio(median(by.contained), base)),
			show.ms(median(by.enforce)),
			show.times(ratio(median(by.enforce), base)),
		];
	});
	const table = renderTable(["measure (median)", "none", "contained", "×", "sandbox", "×"], rows, [
		"left",
		"right",
		"right",
		"right",
		"right",
		"right",
	]);
	const medians = Object.fromEntries(
		Object.entries(samples).map(([what, by]) => [what, Object.fromEntries(VARIANTS.map((v) => [v, median(by[v])]))]),
	);
	return { name: "sandbox", table, data: { samples, medians } };
};

export default bench;
