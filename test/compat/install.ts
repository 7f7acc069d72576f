/**
 * Installs one Pi version into `.compat/pi-<version>/` (once; later runs reuse it) for the
 * compatibility run: `node test/compat/install.ts 0.86.1`. Pi's packages come from the npm registry,
 * installed without running their install scripts (none is needed to load them).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

export const COMPAT_ROOT = resolve(import.meta.dirname, "../../.compat");

export function compatDir(version: string): string {
	return join(COMPAT_ROOT, `pi-${version}`);
}

function installed(dir: string, version: string): boolean {
	const pkg = join(dir, "node_modules/@earendil-works/pi-coding-agent/package.json");
	return existsSync(pkg) && (JSON.parse(readFileSync(pkg, "utf8")) as { version: string }).version === version;
}

export function installPi(version: string): string {
	const dir = compatDir(version);
	if (installed(dir, version)) return dir;
	mkdirSync(dir, { recursive: true });
	writeFileSync(join(dir, "package.json"), `${JSON.stringify({ name: `pi-${version}`, private: true }, null, 2)}\n`);
	execFileSync(
		"npm",
		[
			"install",
			"--no-audit",
			"--no-fund",
			"--ignore-scripts",
			"--save-exact",
			`@earendil-works/pi-coding-agent@${version}`,
		],
		{ cwd: dir, stdio: "inherit" },
	);
	if (!installed(dir, version)) throw new Error(`Pi ${version} did not install into ${dir}`);
	return dir;
}

if (import.meta.main) {
	const version = process.argv[2] ?? "0.86.1";
	process.stdout.write(`${installPi(version)}\n`);
}
