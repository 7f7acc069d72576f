/**
 * Every git process pi-delegate starts goes through this module (test/git-processes.test.ts fails
 * on any other way), because a repository is something a child can write: its config, the files
 * that config includes, its hooks, its .gitattributes, its stash. None of it may make git run a
 * program of the child's on pi-delegate's behalf (outside any sandbox, as the user), and none of it
 * may change what git reports.
 *
 * How, in three layers, each enough for what it covers:
 *
 * 1. Only plumbing that reaches no program. The subcommands allowed on a repository (READS) read
 *    refs, the index, the config and reflogs. Programs that git runs from configuration run on
 *    paths these never take: a filter or textconv converts content (checkout, add, status, diff),
 *    a diff or merge driver diffs or merges, a hook answers a write (commit, ref or index update),
 *    a pager or editor needs a terminal, signature verification runs for `log`/`show`/`verify-*`,
 *    and ssh, credential helpers, askpass, remote helpers and alternateRefsCommand need a transport.
 *    The stash is read with `rev-list -g`, not `log -g`, which verified signatures
 *    (log.showSignature) and so ran gpg.program / gpg.ssh.program / gpg.x509.program.
 * 2. Fixed overrides for the paths plumbing can still reach: `core.fsmonitor=false` (ls-files would
 *    ask an fsmonitor hook), `core.hooksPath=/dev/null` (no hook is ever found, whatever event is
 *    raised), GIT_ALLOW_PROTOCOL empty and GIT_NO_LAZY_FETCH (a partial clone fetches a missing
 *    object it is asked for through its promisor remote's transport, which may be `ext::<program>`),
 *    auto-gc and maintenance off, no pager. Overrides given with `-c` win over every config file,
 *    included ones too, whatever name or include brings them in.
 * 3. No configuration but the repository's own: the global and system config and attributes are
 *    not read (a child without the sandbox can write ~/.gitconfig, and the snapshot after the run
 *    would read it), every GIT_* variable of this process is dropped (exec.ts), and replace refs
 *    are ignored so they cannot change what is read.
 *
 * One subcommand writes: `git apply` (gitApply, for `pi-delegate apply`, and gitPatchNames, which
 * only parses). It runs in plain patch mode, with no repository at all: GIT_DIR names a path in
 * an empty directory of our own that is no repository, so git looks for none and reads no
 * repository's config or attributes, whatever directory it runs in. Inside a repository, `git apply` (even without --index)
 * runs the repository's clean and smudge filter programs on every file it reads and writes; with
 * no repository it has no configuration to find them in, and the global and system files are off
 * as for every other process here. Its only inputs are the patch and the files it names.
 *
 * Why not in a bubblewrap sandbox: it is missing on many machines (the sandbox-off case must be
 * safe too), it costs ~15 ms per git process (five per repository), and a sandboxed program could
 * still lie through git's output. Why not `-c` overrides computed from the repository's own keys
 * (filter.<name>.clean and the like): that costs a round of git processes per repository, and
 * the keyed programs are reached by none of the subcommands above anyway. test/adversarial/
 * git-config.test.ts holds all of it against a repository that sets every such key.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Exec, type ExecResult, exec, scrubbedEnv } from "./exec.ts";

/** What pi-delegate asks of a repository it watches: reads of refs, reflogs, the index and config. */
const READS = new Set(["rev-parse", "for-each-ref", "ls-files", "config", "symbolic-ref", "rev-list"]);
/** What the selftest does in the scratch repositories it makes for itself, plus the version probe. */
const SCRATCH = new Set(["init", "add", "commit", "version"]);

/** `-c` settings given to every git process; command-line settings win over every config file. */
const OVERRIDES: ReadonlyArray<readonly [string, string]> = [
	["core.fsmonitor", "false"],
	["core.hooksPath", "/dev/null"],
	["core.pager", "cat"],
	["log.showSignature", "false"],
	["commit.gpgSign", "false"],
	["gc.auto", "0"],
	["maintenance.auto", "false"],
	["protocol.allow", "never"],
	// A root owned by another user is still read as a repository, not silently as plain files.
	["safe.directory", "*"],
	["core.quotePath", "false"],
];

/** The environment every git process gets on top of exec.ts's (which drops every GIT_* variable). */
const ENV: Readonly<Record<string, string>> = {
	GIT_CONFIG_GLOBAL: "/dev/null",
	// The same for a git older than 2.32, which ignores GIT_CONFIG_GLOBAL: no home, no ~/.gitconfig.
	HOME: "/nonexistent/pi-delegate",
	XDG_CONFIG_HOME: "/nonexistent/pi-delegate",
	GIT_CONFIG_NOSYSTEM: "1",
	GIT_ATTR_NOSYSTEM: "1",
	GIT_NO_REPLACE_OBJECTS: "1",
	GIT_ALLOW_PROTOCOL: "",
	GIT_NO_LAZY_FETCH: "1",
	GIT_PAGER: "cat",
	GIT_OPTIONAL_LOCKS: "0",
	GIT_TERMINAL_PROMPT: "0",
};

/** The whole argument list: the global options and overrides, then the subcommand and its arguments. */
function argv(args: readonly string[], allowed: ReadonlySet<string>): string[] {
	const command = args[0] ?? "";
	if (!allowed.has(command))
		throw new Error(`pi-delegate does not run \`git ${command}\` (only ${[...allowed].join(", ")})`);
	return [
		"--no-pager",
		"--no-optional-locks",
		...OVERRIDES.flatMap(([key, value]) => ["-c", `${key}=${value}`]),
		...args,
	];
}

/**
 * How long one read may take. A plumbing read of even a very large repository takes seconds; a
 * repository can make git wait for ever (a FIFO as its HEAD, its config or a file it includes).
 */
export const GIT_TIMEOUT_MS = 60_000;

/**
 * Runs a read of the repository at `cwd` (one of READS) through the snapshot's `run` port. It
 * writes nothing: optional locks are off, so not even the index's stat cache is refreshed. A read
 * that does not end within GIT_TIMEOUT_MS is killed and thrown: the repository then counts as one
 * that could not be read, never as no repository at all.
 */
export async function git(args: readonly string[], cwd: string, run: Exec = exec): Promise<ExecResult> {
	const result = await run("git", argv(args, READS), cwd, { env: ENV, timeoutMs: GIT_TIMEOUT_MS });
	if (result.timedOut)
		throw new Error(`git ${args[0]} did not finish within ${GIT_TIMEOUT_MS / 1000} s in ${cwd} (killed)`);
	return result;
}

export interface GitSyncResult {
	/** Exit code; null when git could not be started or was killed. */
	status: number | null;
	stdout: string;
}

/**
 * Runs git synchronously, for the callers that must not wait on a promise: the `task` tool's
 * repository lookup (a read) and the selftest's own scratch repositories (init, add, commit with
 * a fixed identity). `env` is the environment git is looked up in (its PATH); GIT_* variables in
 * it are dropped like everywhere else.
 */
export function gitSync(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = process.env): GitSyncResult {
	const identity = args[0] === "commit" ? ["-c", "user.name=pi-delegate", "-c", "user.email=pi-delegate@invalid"] : [];
	const out = spawnSync("git", [...identity, ...argv(args, new Set([...READS, ...SCRATCH]))], {
		cwd,
		env: { ...scrubbedEnv(env), ...ENV },
		encoding: "utf8",
		stdio: ["ignore", "pipe", "ignore"],
		timeout: GIT_TIMEOUT_MS,
		killSignal: "SIGKILL",
	});
	return { status: out.error === undefined ? out.status : null, stdout: out.stdout ?? "" };
}

/** `git apply`, the one subcommand that writes, allowed to gitApply and gitPatchNames alone. */
const APPLY = new Set(["apply"]);

/**
 * Runs `fn` with a GIT_DIR that does not exist, inside an empty directory of its own. Why: `git
 * apply` inside a repository reads that repository's config and attributes, and then runs its
 * filter programs on every file it reads and writes (a clean filter on the old content, a smudge
 * filter on the new); a GIT_DIR that is no repository makes git run as outside any (it looks for
 * none upwards), wherever it runs and whatever TMPDIR names. `nowhere` is also an empty working
 * directory for a git that reads no files.
 */
async function outsideAnyRepository<T>(fn: (nowhere: string, env: Record<string, string>) => Promise<T>): Promise<T> {
	const nowhere = mkdtempSync(join(tmpdir(), "pi-delegate-apply-"));
	try {
		return await fn(nowhere, { ...ENV, GIT_DIR: join(nowhere, "no-repository") });
	} finally {
		rmSync(nowhere, { recursive: true, force: true });
	}
}

/**
 * Applies a git-format patch (a run's changes.patch) to the files under `base`, or with `check`
 * only says whether it would apply, and with `reverse` takes it back (with `check`: whether it is
 * applied already). Plain patch mode, so no repository's configuration, attributes, hooks or
 * filters are read or run (see outsideAnyRepository). git runs in `base` itself with the patch's
 * relative names, not from elsewhere with `--unsafe-paths --directory=<base>`: that way git's own
 * path checks stay on (no absolute name, no `..`, nothing in .git), and a deletion that empties a
 * folder removes empty folders up to `base` and never `base` itself or its parents, which git
 * removes too when they become empty along an absolute path. git refuses to write beyond a
 * symbolic link, and refuses the whole patch, writing nothing, when one file of it does not apply.
 * Whitespace warnings are off: stderr holds only why it did not apply.
 */
export async function gitApply(
	patch: Buffer,
	base: string,
	options: { check?: boolean; reverse?: boolean } = {},
	run: Exec = exec,
): Promise<ExecResult> {
	const flags = [...(options.check ? ["--check"] : []), ...(options.reverse ? ["-R"] : [])];
	const args = ["apply", "--whitespace=nowarn", ...flags];
	return outsideAnyRepository(async (_nowhere, env) => {
		const result = await run("git", argv(args, APPLY), base, { env, input: patch, timeoutMs: GIT_TIMEOUT_MS });
		if (result.timedOut) throw new Error(`git apply did not finish within ${GIT_TIMEOUT_MS / 1000} s (killed)`);
		return result;
	});
}

/**
 * Every path a patch names, as git itself reads them (`git apply --numstat -z`: it parses the
 * patch, touches no file): for each file its name, and for a rename its old and new name. The
 * caller checks them before gitApply (which refuses such names too: this says which and why
 * before anything runs). Throws when git cannot read the patch at all.
 */
export async function gitPatchNames(patch: Buffer, run: Exec = exec): Promise<string[]> {
	const args = ["apply", "--numstat", "-z"];
	return outsideAnyRepository(async (nowhere, env) => {
		const result = await run("git", argv(args, APPLY), nowhere, { env, input: patch, timeoutMs: GIT_TIMEOUT_MS });
		if (result.timedOut || result.code !== 0)
			throw new Error(`git cannot read the patch: ${result.stderr.trim() || "it was killed"}`);
		// Each record: "added\tdeleted\tpath\0", or "added\tdeleted\t\0old\0new\0" for a rename.
		const fields = result.stdout.toString("utf8").split("\0");
		const names: string[] = [];
		for (let i = 0; i < fields.length; i++) {
			const field = fields[i] ?? "";
			const name = field.replace(/^(?:-|\d+)\t(?:-|\d+)\t/, "");
			if (name === field) continue;
			if (name !== "") names.push(name);
			else names.push(fields[++i] ?? "", fields[++i] ?? "");
		}
		return names;
	});
}
