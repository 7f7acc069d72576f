/**
 * The output blocks of README.md and docs/, generated from real runs (scripts/readme/): `--check` (the default)
 * says which blocks differ from what the tool prints now; `--write` rewrites them in place.
 *
 *   npm run readme              # check
 *   npm run readme -- --write   # regenerate
 *
 * Exit codes: 0 every block is current (or was written), 1 a block differs, 2 bad flags or a run
 * that could not be made.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { checkDocument } from "./readme/check.ts";
import { generateBlocks } from "./readme/generate.ts";
import { writeBlocks } from "./readme/markers.ts";

const REPO = resolve(import.meta.dirname, "..");

async function run(argv: readonly string[]): Promise<number> {
	const unknown = argv.filter((a) => a !== "--write" && a !== "--check");
	if (unknown.length > 0 || (argv.includes("--write") && argv.includes("--check"))) {
		process.stderr.write(`readme-blocks: use --check (the default) or --write, not ${argv.join(" ")}\n`);
		return 2;
	}
	const { blocks, missing, timings } = await generateBlocks(REPO);
	const took = timings.map((t) => `${t.id} ${(t.ms / 1000).toFixed(1)} s`).join(", ");
	process.stderr.write(`runs: ${took}\n`);
	for (const line of missing) process.stderr.write(`! benchmark figure not found: ${line}\n`);
	for (const block of blocks.filter((b) => b.skipped)) {
		process.stderr.write(`! ${block.name}: not generated, ${block.skipped}; the README keeps its block\n`);
	}
	let stale = 0;
	for (const doc of [...new Set(blocks.map((b) => b.doc))]) {
		const path = resolve(REPO, doc);
		const text = readFileSync(path, "utf8");
		const checks = checkDocument(doc, text, blocks);
		const differs = checks.filter((c) => c.problems.length > 0);
		if (argv.includes("--write")) {
			// Only the blocks that differ: a block whose only change is a masked value (a duration) keeps
			// the figures it has, so a refresh touches what changed and nothing else.
			const names = new Set(differs.map((c) => c.name));
			const fresh = new Map(
				blocks.filter((b) => b.doc === doc && !b.skipped && names.has(b.name)).map((b) => [b.name, b.content]),
			);
			writeFileSync(path, writeBlocks(text, fresh, doc));
			process.stdout.write(`${doc}: ${fresh.size} of ${checks.length} blocks rewritten\n`);
			continue;
		}
		for (const c of differs) process.stdout.write(`✗ ${c.name}\n${c.problems.map((p) => `  ${p}`).join("\n")}\n`);
		const checked = checks.filter((c) => !c.skipped).length;
		stale += differs.length;
		process.stdout.write(
			differs.length === 0
				? `${doc}: ${checked} blocks are what the tool prints now.\n`
				: `${doc}: ${differs.length} of ${checked} blocks differ; run npm run readme -- --write\n`,
		);
	}
	return stale === 0 ? 0 : 1;
}

run(process.argv.slice(2)).then(
	(code) => process.exit(code),
	(error: unknown) => {
		process.stderr.write(`readme-blocks: ${error instanceof Error ? error.message : String(error)}\n`);
		process.exit(2);
	},
);
