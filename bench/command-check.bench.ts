/**
 * What holding a child's bash to per-command rules costs (src/agents/permissions/command-policy.ts, bash's
 * grammar in src/agents/permissions/shell/grammar.ts). Each round is a fresh Node process, rounds interleaved,
 * medians reported:
 *
 * - importing the policy module without checking anything (what a child without rules, and the
 *   `agents` and `preview` listings, pay): web-tree-sitter must not load;
 * - the first check in a process, which loads the runtime and the grammar (~1.6 MB of WebAssembly);
 * - a steady check, over a mix of plain, chained, nested and hostile lines;
 * - the memory the loaded grammar keeps (resident set after the first check, against before it).
 *
 * Pi's own start is measured by bench/startup.bench.ts: nothing of the grammar loads there.
 * Regenerate: `./node_modules/.bin/node bench/run.ts command-check` (writes results/command-check.json).
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { renderTable } from "../src/format/table.ts";
import { REPO } from "../test/support/pi.ts";
import type { Bench } from "./run.ts";
import { median, show } from "./support/stats.ts";

const LINES = [
	"git status --short",
	"git diff --stat HEAD~1 && npm test 2>&1 | tail -20",
	'for f in src/*.ts; do wc -l "$f"; done',
	"find . -name '*.o' -execdir /bin/rm -f {} +",
	"git status $'\\'' ; touch pwned #'",
	"sudo -u root env A=1 timeout 5 bash -c 'git push origin main; echo done'",
	"cat <<EOF | sh\nrm -rf build\nEOF",
];

/** One round: import, first check, steady checks; prints JSON. */
const ROUND = (policyModule: string) =>
	[
		"const rss = () => process.memoryUsage().rss / 2 ** 20;",
		"const rssBefore = rss();",
		"const t0 = performance.now();",
		`const m = await import(${JSON.stringify(policyModule)});`,
		"const t1 = performance.now();",
		'const policies = [{ otherwise: "deny", rules: [{ pattern: "git status:*", effect: "allow", syntax: "claude", from: "b" }] },',
		' { otherwise: "allow", rules: [{ pattern: "rm:*", effect: "deny", syntax: "claude", from: "b" }] }];',
		"await m.checkCommandPolicies('git status', policies);",
		"const t2 = performance.now();",
		"const rssAfter = rss();",
		`const lines = ${JSON.stringify(LINES)};`,
		"const n = 50;",
		"for (let i = 0; i < n; i++) for (const line of lines) await m.checkCommandPolicies(line, policies);",
		"const t3 = performance.now();",
		"console.log(JSON.stringify({ import: t1 - t0, first: t2 - t1, steady: (t3 - t2) / (n * lines.length), rssBefore, rssAfter }));",
	].join("\n");

interface Round {
	import: number;
	first: number;
	steady: number;
	rssBefore: number;
	rssAfter: number;
}

/** Whether importing the policy module alone loads web-tree-sitter: it must not. */
function loadsParserOnImport(policyModule: string): boolean {
	const hook = [
		'import { registerHooks } from "node:module";',
		"registerHooks({ load(url, context, next) { if (url.includes('web-tree-sitter')) process.stdout.write('LOADED'); return next(url, context); } });",
	].join("\n");
	const out = spawnSync(
		process.execPath,
		[
			"--import",
			`data:text/javascript,${encodeURIComponent(hook)}`,
			"--input-type=module",
			"-e",
			`await import(${JSON.stringify(policyModule)});`,
		],
		{ encoding: "utf8" },
	);
	return out.stdout.includes("LOADED");
}

const bench: Bench = async ({ quick }) => {
	const variants = {
		"sources (types stripped)": pathToFileURL(join(REPO, "src/agents/permissions/command-policy.ts")).href,
		"the build (dist/)": pathToFileURL(join(REPO, "dist/agents/permissions/command-policy.js")).href,
	};
	const rounds = quick ? 3 : 9;
	const results: Record<string, Round[]> = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
	for (let round = 0; round < rounds; round++) {
		for (const [name, module] of Object.entries(variants)) {
			const out = spawnSync(process.execPath, ["--input-type=module", "-e", ROUND(module)], { encoding: "utf8" });
			if (out.status !== 0) throw new Error(`${name}: ${out.stderr}`);
			results[name]!.push(JSON.parse(out.stdout.trim()) as Round);
		}
	}
	const lazy = Object.fromEntries(Object.entries(variants).map(([name, m]) => [name, !loadsParserOnImport(m)]));
	const rows = Object.entries(results).map(([name, list]) => [
		name,
		show.ms(median(list.map((r) => r.import))),
		show.ms(median(list.map((r) => r.first))),
		`${median(list.map((r) => r.steady)).toFixed(2)} ms`,
		show.mib(median(list.map((r) => r.rssAfter - r.rssBefore))),
		lazy[name] ? "no" : "YES",
	]);
	const table = renderTable(
		["variant", "import", "first check", "steady check", "memory the grammar keeps", "parser loaded on import"],
		rows,
	);
	return { name: "command-check", table, data: { rounds, lines: LINES, results, lazy } };
};

export default bench;
