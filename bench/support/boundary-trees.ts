/**
 * The trees the boundary benchmark walks: a git repository with tracked files and a gitignored
 * node_modules/ (the shape that makes `git status` blind), and a monorepo of many small packages
 * (the shape that makes many roots). Files are old enough not to count as recently touched.
 */
import { exec as execCallback } from "node:child_process";
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

export const sh = promisify(execCallback);

/** The file the blind-spot demonstration rewrites, and the whole-second mtime it is put back to. */
export const VICTIM = join("node_modules", "d7", "f742.js");
export const VICTIM_MTIME = 1_700_000_000;

/** Writes `count` small files, `perDir` to a directory, under `base`. */
function writeFiles(base: string, count: number, perDir: number, text: (i: number) => string): void {
	for (let i = 0; i < count; i++) {
		const dir = join(base, `d${Math.floor(i / perDir)}`);
		if (i % perDir === 0) mkdirSync(dir, { recursive: true });
		writeFileSync(join(dir, `f${i}.js`), text(i));
	}
}

const COMMIT =
	"git init -q && git add -A && git -c user.name=bench -c user.email=bench@example.invalid commit -qm tree && git status >/dev/null";

/** `tracked` files in src/ under git, `ignored` files in a gitignored node_modules/. */
export async function buildTree(tracked: number, ignored: number): Promise<string> {
	const dir = mkdtempSync(join(tmpdir(), "boundary-bench-"));
	writeFiles(join(dir, "src"), tracked, 100, (i) => `export const v${i} = ${i};\n`);
	writeFiles(join(dir, "node_modules"), ignored, 100, (i) => `module.exports = ${i};\n`);
	writeFileSync(join(dir, ".gitignore"), "node_modules/\n");
	utimesSync(join(dir, VICTIM), VICTIM_MTIME, VICTIM_MTIME);
	await sh(COMMIT, { cwd: dir, maxBuffer: 1 << 30 });
	return dir;
}

/** A git repository of `packages` directories with `files` tracked files each; returns the package roots. */
export async function buildMonorepo(packages: number, files: number): Promise<{ dir: string; roots: string[] }> {
	const dir = mkdtempSync(join(tmpdir(), "boundary-bench-mono-"));
	const roots: string[] = [];
	for (let p = 0; p < packages; p++) {
		const root = join(dir, "packages", `p${p}`);
		mkdirSync(join(root, "src"), { recursive: true });
		for (let f = 0; f < files; f++) writeFileSync(join(root, "src", `m${f}.ts`), `export const m${f} = ${p};\n`);
		roots.push(root);
	}
	await sh(COMMIT, { cwd: dir, maxBuffer: 1 << 30 });
	return { dir, roots };
}

/** Lets a fresh tree age past the racy window, as a working repository normally has. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 2500));
