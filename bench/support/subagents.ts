/**
 * pi-subagents, the most-used Pi subagent package, as the cost benchmark's third layout. It is never
 * a dependency of this repository: the benchmark installs the pinned version into a temporary npm
 * prefix on first use (kept for later runs on the same machine) and the parent loads it with `-e`.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const SUBAGENTS_VERSION = "0.67";
/** Children it runs at once in the benchmark: 4, as the example and pi-delegate's 4 root lanes. */
export const SUBAGENTS_CONCURRENCY = 4;

const prefix = () => join(tmpdir(), `pi-delegate-bench-pi-subagents-${SUBAGENTS_VERSION}`);

/** The exact version npm installed (the pin is a minor version), or the pin before it is installed. */
export function subagentsInstalledVersion(): string {
	const manifest = join(prefix(), "node_modules", "pi-subagents", "package.json");
	if (!existsSync(manifest)) return SUBAGENTS_VERSION;
	return String((JSON.parse(readFileSync(manifest, "utf8")) as { version?: unknown }).version);
}

/** The package's extension entry, installing it first when it is not there yet. */
export function subagentsExtension(): string {
	const dir = prefix();
	const entry = join(dir, "node_modules", "pi-subagents", "index.ts");
	if (existsSync(entry)) return entry;
	mkdirSync(dir, { recursive: true });
	process.stderr.write(`  installing pi-subagents@${SUBAGENTS_VERSION} into ${dir}\n`);
	execFileSync(
		"npm",
		["install", "--prefix", dir, "--no-audit", "--no-fund", "--loglevel=error", `pi-subagents@${SUBAGENTS_VERSION}`],
		{ stdio: ["ignore", "ignore", "inherit"], timeout: 600_000 },
	);
	if (!existsSync(entry)) throw new Error(`npm installed pi-subagents@${SUBAGENTS_VERSION} without ${entry}`);
	return entry;
}
