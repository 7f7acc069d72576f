/**
 * pi-subagents, the most-used Pi subagent package, as the cost benchmark's third layout. It is never
 * a dependency of this repository: the benchmark installs the pinned version into a temporary npm
 * prefix on first use (kept for later runs on the same machine) and the parent loads it with `-e`.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const SUBAGENTS_VERSION = "0.67";

/** The package's extension entry, installing it first when it is not there yet. */
export function subagentsExtension(): string {
	const prefix = join(tmpdir(), `pi-delegate-bench-pi-subagents-${SUBAGENTS_VERSION}`);
	const entry = join(prefix, "node_modules", "pi-subagents", "index.ts");
	if (existsSync(entry)) return entry;
	mkdirSync(prefix, { recursive: true });
	process.stderr.write(`  installing pi-subagents@${SUBAGENTS_VERSION} into ${prefix}\n`);
	execFileSync(
		"npm",
		["install", "--prefix", prefix, "--no-audit", "--no-fund", "--loglevel=error", `pi-subagents@${SUBAGENTS_VERSION}`],
		{ stdio: ["ignore", "ignore", "inherit"], timeout: 600_000 },
	);
	if (!existsSync(entry)) throw new Error(`npm installed pi-subagents@${SUBAGENTS_VERSION} without ${entry}`);
	return entry;
}
