/**
 * `npm run demo -- NAME`: runs, on this machine, the command behind one of the README's output
 * blocks, as the README shows it — in a temporary copy of the examples, with a home whose settings
 * send every effort to the scripted model and its recorded answers (scripts/readme/scene.ts), so no
 * key and no provider is needed. Its output is live, in this terminal; the copy is removed after
 * (`--keep` keeps it and says where). Without a NAME it lists every block it can run.
 *
 * A block whose run follows others in its lane (an `apply` of an earlier run's changes) has those
 * runs made first, their output left out, as the README's generator does.
 *
 * Exit codes: the command's own; 2 for a NAME that is no block, or a program the run needs missing.
 */
import { spawn, spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { didYouMean } from "../src/suggest.ts";
import { BLOCKS } from "./readme/blocks.ts";
import { runCommand } from "./readme/exec.ts";
import { commandLine } from "./readme/generate.ts";
import { homeOf, openScene, type Scene } from "./readme/scene.ts";
import type { Need, RunSpec } from "./readme/types.ts";

const REPO = resolve(import.meta.dirname, "..");

const HOMES: Record<RunSpec["home"], string> = {
	new: "a newcomer's home: no settings, no model",
	scripted: "a home whose settings send every effort to the scripted model",
	scripted2: "a home whose settings send every effort to the scripted model",
	typo: "a home whose settings misspell a key",
	keyed: "a home that has a key and has chosen models",
	ledger: "a home with a skill of its own",
};

/** Every block that shows a command's output, with its run: the names the README's markers give. */
function runnable(): Array<{ name: string; run: RunSpec }> {
	return BLOCKS.flatMap((b) => (b.kind === "output" || b.kind === "doctor" ? [{ name: b.name, run: b.run }] : []));
}

function missing(needs: readonly Need[] = []): Need[] {
	return needs.filter((n) => spawnSync("sh", ["-c", `command -v ${n === "bwrap" ? "bwrap" : "python3"}`]).status !== 0);
}

function list(): number {
	const blocks = runnable();
	const width = Math.max(...blocks.map((b) => b.name.length));
	process.stdout.write("The README's outputs this can run (npm run demo -- NAME):\n\n");
	for (const { name, run } of blocks) {
		// The scene is made only to run: here each of its places is shown by name.
		const argv = run.argv(new Proxy({}, { get: (_t, key) => `<${String(key)}>` }) as Scene);
		const line = commandLine(run, run.id === "doctor" ? ["doctor"] : argv).slice(2);
		const room = 80 - width - 4;
		process.stdout.write(`  ${name.padEnd(width)}  ${line.length > room ? `${line.slice(0, room - 1)}…` : line}\n`);
	}
	return 0;
}

/** The runs of the same lane listed before this one: what it builds on. */
function before(run: RunSpec): RunSpec[] {
	if (run.lane === undefined) return [];
	const lane = [...new Set(runnable().map((b) => b.run))].filter((r) => r.lane === run.lane);
	return lane.slice(0, lane.indexOf(run));
}

function live(scene: Scene, run: RunSpec): Promise<number> {
	const argv = run.id === "doctor" ? ["doctor"] : run.argv(scene);
	const cwd = run.cwd(scene);
	process.stderr.write(`${commandLine(run, argv)}\n  (in ${cwd}, with ${HOMES[run.home]})\n`);
	const child = spawn(process.execPath, [join(REPO, "bin/pi-delegate.cjs"), ...argv], {
		cwd,
		env: {
			...scene.env(homeOf(scene, run.home), run.env),
			...(process.env.COLUMNS && { COLUMNS: process.env.COLUMNS }),
		},
		stdio: ["ignore", "inherit", "inherit"],
	});
	return new Promise((done) => child.on("close", (code) => done(code ?? 2)));
}

async function main(argv: readonly string[]): Promise<number> {
	const keep = argv.includes("--keep");
	const names = argv.filter((a) => a !== "--keep");
	if (names.length === 0) return list();
	const blocks = runnable();
	const found = blocks.find((b) => b.name === names[0]) ?? blocks.find((b) => b.run.id === names[0]);
	if (names.length > 1 || !found) {
		const suggestion =
			names.length === 1
				? didYouMean(
						names[0] ?? "",
						blocks.map((b) => b.name),
					)
				: "";
		process.stderr.write(`demo: no README block "${names.join(" ")}"${suggestion}; npm run demo lists them\n`);
		return 2;
	}
	const lacking = missing(found.run.needs);
	if (lacking.length > 0) {
		process.stderr.write(`demo: ${found.name} needs ${lacking.join(" and ")}, which this machine lacks\n`);
		return 2;
	}
	process.stderr.write("demo: setting up the examples and the scripted model in a temporary directory…\n");
	const scene = openScene(REPO);
	try {
		for (const run of before(found.run)) {
			run.prepare?.(scene);
			process.stderr.write(`first, what it builds on: ${commandLine(run, run.argv(scene))}\n`);
			await runCommand(REPO, {
				argv: run.argv(scene),
				cwd: run.cwd(scene),
				env: scene.env(homeOf(scene, run.home), run.env),
			});
		}
		found.run.prepare?.(scene);
		return await live(scene, found.run);
	} finally {
		if (keep) process.stderr.write(`demo: kept ${scene.base} and ${scene.base2}\n`);
		else scene.remove();
	}
}

main(process.argv.slice(2)).then(
	(code) => process.exit(code),
	(error: unknown) => {
		process.stderr.write(`demo: ${error instanceof Error ? error.message : String(error)}\n`);
		process.exit(2);
	},
);
