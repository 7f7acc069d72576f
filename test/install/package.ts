/**
 * The package as each install route gets it, made from this working tree (tracked and new files, so
 * the tests see uncommitted changes, never a stale commit): a copy laid out as a clone, a git
 * repository to install from, and the tarball `npm pack` makes.
 *
 * Nothing here needs the network beyond what `npm ci` already fetched: npm runs with
 * `prefer-offline`, so the git route's `npm install` and `npm i -g` take their packages (yaml; for
 * `npm i -g`, Pi's packages as peers) from npm's cache, asking the registry only for what it lacks.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { REPO } from "../support/pi.ts";
import { tempDir } from "../support/task-fixture.ts";

/** npm settings for every install a test makes: the cache first, no audit or funding chatter. */
export const NPM_ENV = {
	npm_config_prefer_offline: "true",
	npm_config_audit: "false",
	npm_config_fund: "false",
	npm_config_update_notifier: "false",
};

/** The package's files in this working tree, relative to the repository. */
export function packageFiles(): string[] {
	const out = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
		cwd: REPO,
		encoding: "utf8",
	});
	return out
		.split("\0")
		.filter((file) => file !== "")
		.filter((file) => existsSync(join(REPO, file)));
}

/**
 * Copies the package into `<parent>/pi-delegate` (the folder a `git clone` makes). With
 * `nodeModules`, the copy gets this repository's node_modules (a symlink): a clone after `npm ci`.
 */
export function copyPackage(parent: string, options: { nodeModules: boolean }): string {
	const dir = join(parent, "pi-delegate");
	for (const file of packageFiles()) {
		mkdirSync(dirname(join(dir, file)), { recursive: true });
		writeFileSync(join(dir, file), readFileSync(join(REPO, file)));
	}
	execFileSync("chmod", ["+x", join(dir, "bin/pi-delegate.cjs")]);
	if (options.nodeModules) symlinkSync(join(REPO, "node_modules"), join(dir, "node_modules"));
	return dir;
}

/**
 * A git repository holding the package, reachable as `git:<GIT_HOST>/owner/pi-delegate`: Pi accepts
 * no local repository as a git source (no `file://`, no bare path), so git itself is told to fetch
 * that https address from the local one (`url.<base>.insteadOf`, set in `env`).
 */
export const GIT_HOST = "git.pi-delegate.invalid";

export function gitSource(): { source: string; env: Record<string, string> } {
	const base = tempDir("pi-delegate-git-");
	const repo = copyPackage(join(base, "owner"), { nodeModules: false });
	const git = (...args: string[]) =>
		execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
			cwd: repo,
			stdio: "ignore",
		});
	git("init", "-q", "-b", "main");
	git("add", "-A");
	git("commit", "-q", "-m", "snapshot of the working tree");
	return {
		source: `git:${GIT_HOST}/owner/pi-delegate`,
		env: {
			GIT_CONFIG_COUNT: "1",
			GIT_CONFIG_KEY_0: `url.file://${base}/.insteadOf`,
			GIT_CONFIG_VALUE_0: `https://${GIT_HOST}/`,
		},
	};
}

function contentHash(files: readonly string[]): string {
	const hash = createHash("sha256");
	for (const file of files)
		hash
			.update(file)
			.update("\0")
			.update(readFileSync(join(REPO, file)))
			.update("\0");
	return hash.digest("hex").slice(0, 16);
}

/**
 * The tarball `npm pack` makes of this working tree (its prepack script builds dist/). Packed once per
 * content: test files running at the same time, or again, reuse it (built apart, then renamed into
 * place, so a reader never sees half a tarball).
 */
export function packTarball(): string {
	const files = packageFiles();
	const version = (JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as { version: string }).version;
	const done = join(tmpdir(), `pi-delegate-pack-${contentHash(files)}`);
	const tarball = join(done, `pi-delegate-${version}.tgz`);
	if (existsSync(tarball)) return tarball;
	const work = tempDir("pi-delegate-packing-");
	const copy = copyPackage(work, { nodeModules: true });
	const out = join(work, "out");
	mkdirSync(out);
	execFileSync("npm", ["pack", "--pack-destination", out], {
		cwd: copy,
		stdio: "ignore",
		env: { ...process.env, ...NPM_ENV },
	});
	try {
		renameSync(out, done);
	} catch {
		// Another test file packed the same content first: theirs is as good.
	}
	rmSync(work, { recursive: true, force: true });
	return tarball;
}

/** The files in a tarball, without the leading `package/`. */
export function tarballFiles(tarball: string): string[] {
	return execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" })
		.split("\n")
		.filter((line) => line !== "")
		.map((line) => line.replace(/^package\//, ""));
}
