/**
 * The checks of what pi-delegate runs on: Node, the Pi the parent runs in, the Pi children run on,
 * the package's extension loading in that Pi, the runs directory, git and bubblewrap. Pure: each
 * takes the facts the shell gathered and says ok, warn or fail, with a fix for anything not ok.
 *
 * Essential (fail): Node and Pi in range (Pi refuses to start otherwise, or the API differs), an
 * extension that loads (it is the package), a writable runs directory (every run records there
 * before its child starts), git (every snapshot reads the git state of repository roots; without
 * it no run can be judged). Not essential (warn): bubblewrap, whose absence costs prevention —
 * forbidden writes are then caught by the boundary diff after they happened, not stopped.
 */
import type {
	Check,
	ChildPiFacts,
	ExtensionFacts,
	PackageFacts,
	PiFacts,
	ProgramAnswer,
	RunsDirFacts,
	SandboxFacts,
} from "./types.ts";
import { satisfies } from "./versions.ts";

const firstLine = (text: string | undefined) => (text ?? "").trim().split("\n")[0] ?? "";

/** What a program said when it failed, for a detail: its error, else its first line of stderr. */
function why(answer: ProgramAnswer): string {
	if (answer.error) return answer.error;
	const said = firstLine(answer.stderr) || firstLine(answer.stdout);
	return `exit ${answer.status ?? "?"}${said ? `: ${said}` : ""}`;
}

const INSTALL_PI = "npm install -g @earendil-works/pi-coding-agent";

/** A version against a declared range: ok, or fail with the fix; undefined range = cannot tell. */
function inRange(
	id: string,
	name: string,
	version: string,
	range: string | undefined,
	where: string,
	fix: string,
): Check {
	if (range === undefined) {
		return {
			id,
			name,
			state: "warn",
			detail: `${version}${where}; the package declares no range to check it against`,
			fix: "reinstall pi-delegate",
			cost: "an unsupported version would go unnoticed",
		};
	}
	const fits = satisfies(version, range);
	if (fits) return { id, name, state: "ok", detail: `${version}${where} (supported: ${range})` };
	const detail =
		fits === undefined
			? `cannot read "${version}" against ${range}${where}`
			: `${version}${where} is outside the supported range ${range}`;
	return { id, name, state: "fail", detail, fix };
}

export function checkNode(version: string, pkg: PackageFacts): Check {
	return inRange(
		"node",
		"node",
		version,
		pkg.node,
		"",
		"install Node 22.19 or newer (nodejs.org, or `nvm install 22`)",
	);
}

/**
 * The `pi` a user starts. The command line does not need it — its children run on the Pi CLI that
 * comes with pi-delegate (checked apart, as "pi for children") — so where that one is there, a
 * missing `pi` is a warning that says what Pi itself is for, not a failure.
 */
export function checkPi(pi: PiFacts, pkg: PackageFacts, childPi?: ChildPiFacts): Check {
	if (pi.where === "running") {
		const where = pi.path ? ` (this Pi: ${pi.path})` : " (this Pi)";
		return inRange("pi", "pi", pi.version, pkg.pi, where, `install a supported Pi: ${INSTALL_PI}`);
	}
	const { answer } = pi;
	if (!answer.path) {
		const fix = `install Pi: ${INSTALL_PI} (or put its bin on PATH)`;
		if (childPi?.cli) {
			const detail =
				"no `pi` on PATH: the command line does not need it (its children run on the Pi it came with); Pi is needed to use pi-delegate inside Pi";
			return { id: "pi", name: "pi", state: "warn", detail, fix: `to use it in Pi, ${fix}` };
		}
		return { id: "pi", name: "pi", state: "fail", detail: "no `pi` on PATH", fix };
	}
	const version = answer.status === 0 ? firstLine(answer.stdout) : undefined;
	if (!version) {
		const detail = `${answer.path} did not say its version (${why(answer)})`;
		return { id: "pi", name: "pi", state: "fail", detail, fix: `reinstall Pi: ${INSTALL_PI}` };
	}
	return inRange("pi", "pi", version, pkg.pi, ` at ${answer.path}`, `install a supported Pi: ${INSTALL_PI}`);
}

export function checkChildPi(facts: ChildPiFacts, pkg: PackageFacts): Check {
	const id = "pi-children";
	const name = "pi for children";
	if (!facts.cli) {
		const fix = "install @earendil-works/pi-coding-agent next to pi-delegate, or set PI_DELEGATE_PI_CLI";
		return { id, name, state: "fail", detail: facts.error ?? "no Pi CLI found for subprocess children", fix };
	}
	const version = facts.cliVersion ?? "unknown version";
	const sdk = facts.sdkVersion === facts.cliVersion ? "" : `; in-process children: SDK ${facts.sdkVersion}`;
	const check = inRange(id, name, version, pkg.pi, ` at ${facts.cli}${sdk}`, `install a supported Pi: ${INSTALL_PI}`);
	if (check.state === "ok" && pkg.pi && satisfies(facts.sdkVersion, pkg.pi) === false) {
		const detail = `in-process children run on SDK ${facts.sdkVersion}, outside ${pkg.pi}`;
		return { ...check, state: "fail", detail, fix: `install a supported Pi: ${INSTALL_PI}` };
	}
	return check;
}

/** The version the Pi facts show, for a message ("pi 1.6.0"); "pi" when unknown. */
export function piLabel(pi: PiFacts): string {
	const version = pi.where === "running" ? pi.version : pi.answer.status === 0 ? firstLine(pi.answer.stdout) : "";
	return version ? `pi ${version}` : "pi";
}

export function checkExtension(facts: ExtensionFacts, pkg: PackageFacts, pi: string): Check {
	const id = "extension";
	const name = "extension";
	// Inside Pi the command runs in the extension: it loaded, whichever file Pi was pointed at.
	if (facts.how === "loaded-here") {
		return {
			id,
			name,
			state: "ok",
			detail: `loaded in this Pi session (package at ${pkg.root || "an unknown place"})`,
		};
	}
	const entry = pkg.extensions[0];
	if (pkg.error) return { id, name, state: "fail", detail: pkg.error, fix: "reinstall pi-delegate" };
	if (!entry) {
		return {
			id,
			name,
			state: "fail",
			detail: "package.json names no `pi.extensions` entry",
			fix: "reinstall pi-delegate",
		};
	}
	const missing = pkg.extensions.filter((e) => !e.exists);
	if (missing.length > 0) {
		const detail = `${missing.map((e) => e.entry).join(", ")} does not exist (${missing[0]?.path})`;
		return { id, name, state: "fail", detail, fix: "build the package (`npm run build` in a clone), or reinstall it" };
	}
	if (facts.how === "not-probed") return { id, name, state: "skip", detail: facts.why };
	if (facts.errors.length > 0) {
		const fix = "fix the error above; `pi -e <entry> --list-models` shows it the same way";
		return { id, name, state: "fail", detail: `${entry.path} does not load in ${pi}: ${facts.errors.join("; ")}`, fix };
	}
	if (facts.answer.error || facts.answer.status !== 0) {
		const fix = "run `pi --no-extensions -e <entry> --list-models` to see what happens";
		return { id, name, state: "fail", detail: `pi stopped while loading ${entry.path}: ${why(facts.answer)}`, fix };
	}
	return { id, name, state: "ok", detail: `${entry.path} loads in ${pi} without errors` };
}

export function checkRunsDir(facts: RunsDirFacts): Check {
	const id = "runs-dir";
	const name = "runs dir";
	if (facts.error) {
		const fix = "make it writable, or choose another: PI_DELEGATE_RUNS_DIR, or the runsDir setting";
		return { id, name, state: "fail", detail: `${facts.dir} (${facts.source}): ${facts.error}`, fix };
	}
	const note = facts.exists ? "writable" : `not there yet; will be made in ${facts.createdUnder}`;
	return { id, name, state: "ok", detail: `${facts.dir} (${facts.source}): ${note}` };
}

export function checkGit(answer: ProgramAnswer): Check {
	if (answer.path && answer.status === 0) {
		return {
			id: "git",
			name: "git",
			state: "ok",
			detail: `${firstLine(answer.stdout).replace(/^git version /, "")} at ${answer.path}`,
		};
	}
	const detail = answer.path ? `${answer.path} does not run (${why(answer)})` : "no `git` on PATH";
	const fix = "install git (Debian/Ubuntu: apt-get install git; macOS: xcode-select --install)";
	return { id: "git", name: "git", state: "fail", detail: `${detail}; every snapshot reads git state`, fix };
}

const SANDBOX_COST =
	"children run without the sandbox: a write outside write_allowed is caught by the boundary diff " +
	"after it happened, not prevented, and a child's network access is not cut";

export function checkSandbox(facts: SandboxFacts): Check {
	const id = "bubblewrap";
	const name = "bubblewrap";
	const { version, trial } = facts;
	if (facts.turnedOff) {
		const detail = "PI_DELEGATE_BWRAP=off turns bubblewrap off: children run without the sandbox";
		return { id, name, state: "warn", detail, fix: "unset PI_DELEGATE_BWRAP", cost: SANDBOX_COST };
	}
	if (!version.path || version.status !== 0) {
		const detail = version.path ? `${version.path} does not run (${why(version)})` : "no `bwrap` on PATH";
		const fix = "install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap)";
		return { id, name, state: "warn", detail, fix, cost: SANDBOX_COST };
	}
	const v = firstLine(version.stdout).replace(/^bubblewrap /, "");
	if (trial?.status !== 0 || trial.error) {
		const detail = `${v} at ${version.path}, but it cannot start a sandbox here (${trial ? why(trial) : "not tried"})`;
		const fix =
			"allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1), or run where they are allowed";
		return { id, name, state: "warn", detail, fix, cost: SANDBOX_COST };
	}
	return { id, name, state: "ok", detail: `${v} at ${version.path}; starts a sandbox here` };
}

/**
 * A clone that runs its sources because its build is missing or older than them: everything
 * works, but every start strips the types of every module it loads. Said only when a build would
 * help; a checkout without the development tools (as Pi's git route installs one) runs its
 * sources by design.
 */
export function checkBuild(pkg: PackageFacts): Check | undefined {
	const build = pkg.build;
	if (build === undefined || build.runs === "build" || !build.clone || !build.canBuild) return undefined;
	const detail = build.built
		? "this clone runs its TypeScript sources: a source changed since its last build"
		: "this clone has no build yet: it runs its TypeScript sources";
	return {
		id: "build",
		name: "build",
		state: "warn",
		detail,
		fix: "npm run build (in the clone; about 15 s)",
		cost: "each start strips the types of every module it loads: the command starts 2–3× slower, Pi loads the extension slower",
	};
}
