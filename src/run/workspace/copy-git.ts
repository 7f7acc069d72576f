/**
 * What a private copy takes from a git repository (copy.ts): which files its working tree holds,
 * and a `.git` of the copy's own. Every git process is a read of the real repository, through
 * boundary/git-process.ts (no configuration but the repository's own, no program it names); the
 * copy's `.git` is written here, by hand, from what those reads return.
 */
import { copyFile, mkdir, writeFile } from "node:fs/promises";
import { isAbsolute, join, resolve } from "node:path";
import { git } from "../../boundary/git-process.ts";

/** The working tree's files of the repository at `root`, relative to it; undefined outside a repository. */
export interface RepoListing {
	/** Tracked (as the working tree has them) and untracked files; a directory for a nested repository or a submodule. */
	files: string[];
	/** Ignored paths, a directory once (with a trailing slash) when all of it is ignored. */
	ignored: string[];
	/** `root` is the repository's top: the copy gets a `.git` of its own. */
	top: boolean;
}

const split = (bytes: Buffer) => bytes.toString("utf8").split("\0").filter(Boolean);

async function read(args: readonly string[], cwd: string): Promise<string> {
	const result = await git(args, cwd);
	if (result.code !== 0) throw new Error(`git ${args.join(" ")} failed in ${cwd}: ${result.stderr.trim()}`);
	return result.stdout.toString("utf8").trim();
}

export async function repoListing(root: string): Promise<RepoListing | undefined> {
	const inside = await git(["rev-parse", "--is-inside-work-tree", "--show-toplevel"], root);
	const [flag, top] = inside.stdout.toString("utf8").trim().split("\n");
	if (inside.code !== 0 || flag !== "true" || top === undefined) return undefined;
	const listed = await git(["ls-files", "-z", "--cached", "--others", "--exclude-standard"], root);
	const ignored = await git(["ls-files", "-z", "--others", "--ignored", "--exclude-standard", "--directory"], root);
	if (listed.code !== 0 || ignored.code !== 0) throw new Error(`git ls-files failed in ${root}`);
	return { files: [...new Set(split(listed.stdout))], ignored: split(ignored.stdout), top: resolve(top) === root };
}

/** The repository's HEAD: the commit (none in a repository without one) and the branch it is on. */
async function head(root: string): Promise<{ commit: string | undefined; branch: string | undefined }> {
	const commit = await git(["rev-parse", "--verify", "-q", "HEAD"], root);
	const branch = await git(["symbolic-ref", "-q", "HEAD"], root);
	return {
		commit: commit.code === 0 ? commit.stdout.toString("utf8").trim() : undefined,
		branch: branch.code === 0 ? branch.stdout.toString("utf8").trim() : undefined,
	};
}

/**
 * The copy's own `.git`: HEAD on the same commit (on the same branch name), the real index (what
 * was staged stays staged), and the real objects borrowed through alternates, which git only reads.
 */
export async function copyGitDir(root: string, copy: string): Promise<void> {
	const gitDir = await read(["rev-parse", "--absolute-git-dir"], root);
	const common = await read(["rev-parse", "--git-common-dir"], root);
	const format = await read(["rev-parse", "--show-object-format"], root).catch(() => "sha1");
	const objects = join(isAbsolute(common) ? common : resolve(root, common), "objects");
	const { commit, branch } = await head(root);
	const dot = join(copy, ".git");
	await mkdir(join(dot, "objects", "info"), { recursive: true });
	await mkdir(join(dot, "refs", "heads"), { recursive: true });
	await mkdir(join(dot, "refs", "tags"), { recursive: true });
	await writeFile(join(dot, "objects", "info", "alternates"), `${objects}\n`);
	const extensions = format === "sha1" ? "" : `[extensions]\n\tobjectformat = ${format}\n`;
	const version = format === "sha1" ? 0 : 1;
	await writeFile(join(dot, "config"), `[core]\n\trepositoryformatversion = ${version}\n\tbare = false\n${extensions}`);
	if (branch?.startsWith("refs/heads/")) {
		await writeFile(join(dot, "HEAD"), `ref: ${branch}\n`);
		if (commit) {
			await mkdir(join(dot, branch, ".."), { recursive: true });
			await writeFile(join(dot, branch), `${commit}\n`);
		}
	} else {
		await writeFile(join(dot, "HEAD"), `${commit ?? ""}\n`);
	}
	await copyFile(join(gitDir, "index"), join(dot, "index")).catch(() => {});
}
