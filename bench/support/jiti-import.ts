/**
 * What Pi's loader spends importing an extension and running its factory (which is where index.ts
 * loads pi-delegate), measured inside one process: Pi loads a
 * TypeScript extension with jiti (a fresh loader per extension, its module cache off, its transform
 * cache on), so a process here does the same, many times over, and keeps every time. Inside one
 * process the figure is free of process start-up, the part that a busy machine makes noisiest, so
 * its minimum is close to what the import costs on a quiet machine.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { REPO } from "../../test/support/pi.ts";
import { STUB_PI } from "./loaded-modules.ts";
import { median } from "./stats.ts";

const SCRIPT = [
	"const { createJiti } = await import(process.env.JITI_URL);",
	"const times = [];",
	"for (let i = 0; i <= Number(process.env.RUNS); i++) {",
	"\tconst jiti = createJiti(process.env.ENTRY, { moduleCache: false });",
	"\tconst start = performance.now();",
	"\tconst factory = await jiti.import(process.env.ENTRY, { default: true });",
	`\tawait factory(${STUB_PI});`,
	"\tif (i > 0) times.push(performance.now() - start);",
	"}",
	"process.stdout.write(JSON.stringify(times));",
].join("\n");

export interface ImportTimes {
	median_ms: number;
	min_ms: number;
	samples: number[];
}

/** `runs` imports of `entry` (a file path) through jiti in one Node process, after one to warm the caches. */
export function jitiImportTimes(entry: string, runs: number): ImportTimes {
	const out = spawnSync(process.execPath, ["--input-type=module", "-e", SCRIPT], {
		cwd: REPO,
		encoding: "utf8",
		env: {
			...process.env,
			JITI_URL: pathToFileURL(join(REPO, "node_modules/jiti/lib/jiti.mjs")).href,
			ENTRY: entry,
			RUNS: String(runs),
		},
	});
	if (out.status !== 0) throw new Error(`importing ${entry} through jiti failed: ${out.stderr.slice(0, 400)}`);
	const samples = JSON.parse(out.stdout) as number[];
	return { median_ms: median(samples), min_ms: Math.min(...samples), samples };
}
