/**
 * `npm run bench [-- name...] [--quick]`: runs the benchmarks in bench/ (every `*.bench.ts`, or the
 * named ones), prints each one's table and writes bench/results/<name>.json (<name>.quick.json for a
 * quick run, which git ignores).
 *
 * Machines here are small and noisy, so every benchmark reports ratios of things measured side by
 * side in the same run, as medians over repeated runs, never absolute targets. Every record keeps the
 * load average (1, 5 and 15 minutes) before and after its run.
 */
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** What a benchmark module's default export returns. */
export interface BenchResult {
	/** File stem under bench/results/. */
	name: string;
	/** The table to print, already rendered. */
	table: string;
	/** Everything measured, for the JSON file. */
	data: unknown;
}

export type Bench = (options: { quick: boolean }) => Promise<BenchResult>;

/** The machine a figure came from, recorded next to every result. */
export function machine(): Record<string, string | number> {
	return {
		node: process.version,
		platform: `${process.platform}-${process.arch}`,
		cpus: cpus().length,
		cpu_model: cpus()[0]?.model ?? "unknown",
		memory_gib: Math.round(totalmem() / 2 ** 30),
	};
}

async function main(): Promise<void> {
	const args = process.argv.slice(2);
	const quick = args.includes("--quick");
	const names = args.filter((a) => !a.startsWith("--"));
	const dir = import.meta.dirname;
	const files = readdirSync(dir)
		.filter((f) => f.endsWith(".bench.ts"))
		.filter((f) => names.length === 0 || names.includes(f.replace(/\.bench\.ts$/, "")))
		.sort();
	if (files.length === 0) {
		process.stderr.write(`no benchmark matches ${names.join(", ")}\n`);
		process.exitCode = 2;
		return;
	}
	mkdirSync(join(dir, "results"), { recursive: true });
	for (const file of files) {
		const mod = (await import(pathToFileURL(join(dir, file)).href)) as { default: Bench };
		process.stderr.write(`\n▶ ${file}\n`);
		// The machine is shared: the load around a run says how far its absolute figures can be compared.
		const before = loadavg();
		const result = await mod.default({ quick });
		const load_average = { before, after: loadavg() };
		const record = {
			name: result.name,
			date: new Date().toISOString(),
			machine: machine(),
			load_average,
			quick,
			data: result.data,
		};
		// A quick run is a smoke check: it must not replace the full figures the README quotes.
		const out = `${result.name}${quick ? ".quick" : ""}.json`;
		writeFileSync(join(dir, "results", out), `${JSON.stringify(record, null, "\t")}\n`);
		process.stdout.write(`\n${result.table}\n`);
	}
}

await main();
