/**
 * Where the files a subprocess child needs are: the Pi CLI to run, and pi-delegate's child-side
 * extension to load into it.
 *
 * The CLI is Pi's bundled `dist/bundle/cli.js` (what the npm `pi` bin runs; it starts about 2.4×
 * faster than `dist/cli.js`), run with this process's Node so the child gets the same Node 22. It is
 * found, in order: PI_DELEGATE_PI_CLI (an explicit choice, e.g. another Pi version); the Pi package
 * this module resolves; the Pi running this process (inside Pi, the package may be resolvable only
 * through Pi's own loader aliases, but `process.argv[1]` is Pi's CLI).
 *
 * The extension is built twice: with the package (`dist/run/child/child-extension.js`, for programs that
 * import it) and apart (`dist/ext/run/child/child-extension.js`, what children load), in a directory
 * whose package.json says `commonjs`. Pi's loader imports a `.js` file of a type-module package
 * natively, and the native import loads a second typebox from disk; outside one it transpiles the
 * module and hands it Pi's own loaded typebox. That made a child start about 0.2–0.4 s faster
 * (medians 886 ms and 721 ms for a one-turn child, against 613 ms with no extension; interleaved
 * runs on one machine). From `src` (tests, or Node running the sources) the extension is
 * `child-extension.ts`, which Pi loads as TypeScript — so tests exercise the current source, never
 * a stale build.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { dirname, extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const PI_CLI_ENV = "PI_DELEGATE_PI_CLI";
const PI_PACKAGE = "@earendil-works/pi-coding-agent";

function readJson(path: string): Record<string, unknown> | undefined {
	try {
		return JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
	} catch {
		return undefined;
	}
}

/** The CLI script of the Pi package whose root is `root`: the bundle, else the `pi` bin. */
export function cliOfPackage(root: string): string | undefined {
	const bundle = join(root, "dist/bundle/cli.js");
	if (existsSync(bundle)) return bundle;
	const bin = readJson(join(root, "package.json"))?.bin;
	const pi = typeof bin === "string" ? bin : typeof bin === "object" && bin ? (bin as { pi?: unknown }).pi : undefined;
	if (typeof pi !== "string") return undefined;
	const path = join(root, pi);
	return existsSync(path) ? path : undefined;
}

/** The root of the Pi package containing `file`, looking up a few levels. */
function piPackageRoot(file: string): string | undefined {
	let dir = dirname(file);
	for (let i = 0; i < 4; i++) {
		if (readJson(join(dir, "package.json"))?.name === PI_PACKAGE) return dir;
		dir = dirname(dir);
	}
	return undefined;
}

function resolvedPackageRoot(): string | undefined {
	try {
		return piPackageRoot(fileURLToPath(import.meta.resolve(PI_PACKAGE)));
	} catch {
		return undefined;
	}
}

/** Finds the Pi CLI a child runs; undefined with the places looked at when there is none. */
export function findPiCli(
	env: Readonly<Record<string, string | undefined>> = process.env,
	argv: readonly string[] = process.argv,
	packageRoot: () => string | undefined = resolvedPackageRoot,
): { cli: string } | { error: string } {
	const explicit = env[PI_CLI_ENV];
	if (explicit) {
		return existsSync(explicit) ? { cli: resolve(explicit) } : { error: `${PI_CLI_ENV}=${explicit} does not exist` };
	}
	for (const root of [packageRoot(), argv[1] ? piPackageRoot(resolve(argv[1])) : undefined]) {
		const cli = root ? cliOfPackage(root) : undefined;
		if (cli) return { cli };
	}
	return {
		error:
			`cannot find Pi's CLI: ${PI_PACKAGE} is not resolvable from pi-delegate and this process is not Pi; ` +
			`install ${PI_PACKAGE} next to pi-delegate or set ${PI_CLI_ENV} to its dist/bundle/cli.js`,
	};
}

/** pi-delegate's child-side extension for a child to load, found from this module's own place. */
export function childExtensionPath(moduleUrl: string = import.meta.url): string {
	const here = fileURLToPath(moduleUrl);
	const run = dirname(dirname(here));
	const beside = join(run, "child", `child-extension${extname(here)}`);
	if (extname(here) !== ".js") return beside;
	const apart = join(dirname(run), "ext", "run", "child", "child-extension.js");
	return existsSync(apart) ? apart : beside;
}

/**
 * A private working directory for one child, next to its session file (inside the run's audit
 * directory): the prompt files of a subprocess child, the private /tmp of a sandboxed one. A run
 * removes it when it ends; a run that is killed leaves it inside its own record, never loose in the
 * machine's /tmp. Its name is unique (`.child-XXXXXX`), so two children whose session files share a
 * directory never remove each other's.
 */
export function scratchDir(sessionFile: string, name: string): string {
	mkdirSync(dirname(sessionFile), { recursive: true });
	return mkdtempSync(join(dirname(sessionFile), `.${name}-`));
}
