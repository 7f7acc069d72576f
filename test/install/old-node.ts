/**
 * A Node older than pi-delegate needs, to run the command with: the system's own (this machine has
 * Node 20 in /usr/bin, behind the pinned Node 22 that npm scripts put first on PATH). Undefined when
 * the machine has none, and then the tests that need one are skipped.
 */
import { spawnSync } from "node:child_process";
import { delimiter, join } from "node:path";

export interface OldNode {
	path: string;
	version: string;
}

function isOld(version: string): boolean {
	const [major = 0, minor = 0] = version.split(".").map(Number);
	return major < 22 || (major === 22 && minor < 19);
}

let found: OldNode | null | undefined;

export function oldNode(): OldNode | undefined {
	if (found === undefined) {
		const dirs = [...(process.env.PATH ?? "").split(delimiter), "/usr/local/bin", "/usr/bin"];
		found = null;
		for (const path of dirs.filter((d) => d !== "").map((d) => join(d, "node"))) {
			const out = spawnSync(path, ["-p", "process.versions.node"], { encoding: "utf8" });
			const version = out.status === 0 ? out.stdout.trim() : "";
			if (version !== "" && isOld(version)) {
				found = { path, version };
				break;
			}
		}
	}
	return found ?? undefined;
}
