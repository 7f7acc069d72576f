/**
 * The first prompt of an interactive Pi, cold (a fresh machine, or the first start after an update:
 * jiti's transform cache and Node's compile cache empty), with pi-delegate installed and without it,
 * interleaved: the time from Enter to the prompt's echo in the transcript and to the model's request
 * (bench/support/first-prompt.ts says how a real terminal is driven). Pi echoes a prompt only once
 * every `before_agent_start` hook has returned, so whatever pi-delegate's hooks load or make on the
 * first prompt is in the figure, and so is any time its loads hold the thread that draws the screen.
 *
 * Installed four ways: from npm (the tarball: its build), from a clone (this tree: the bundle its
 * build or `npm ci` made), from a copy of it without dist/ (the sources: a clone after a source
 * changed, or a git checkout Pi installed), and nothing.
 *
 * Target: from npm and from a clone, the echo within 1.2× of Pi with nothing installed.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { renderTable } from "../src/format/table.ts";
import { copyPackage, NPM_ENV, packTarball } from "../test/install/package.ts";
import { REPO } from "../test/support/pi.ts";
import { tempDir } from "../test/support/task-fixture.ts";
import type { Bench } from "./run.ts";
import { type FirstPrompt, firstPrompt } from "./support/first-prompt.ts";
import { PATH_ENV } from "./support/probes.ts";
import { footer, median, ratio, show } from "./support/stats.ts";

/** Every directory this benchmark made (agent dirs, the sources' copy, the caches), removed at its end. */
const made: string[] = [];
const ownDir = (prefix: string) => {
	const dir = tempDir(prefix);
	made.push(dir);
	return dir;
};

const ROUTES = {
	none: "pi, nothing installed",
	tarball: "pi + pi-delegate from npm (the build)",
	clone: "pi + pi-delegate from a clone (its bundle)",
	sources: "pi + pi-delegate, the sources (a stale or unbuilt clone)",
} as const;
type Route = keyof typeof ROUTES;

function install(source: string | undefined): string {
	const dir = join(ownDir("pi-delegate-first-prompt-agent-"), "agent");
	mkdirSync(dir, { recursive: true });
	if (source !== undefined) {
		execFileSync("pi", ["install", source], {
			stdio: "ignore",
			env: { ...process.env, ...PATH_ENV, ...NPM_ENV, PI_CODING_AGENT_DIR: dir },
		});
	}
	return dir;
}

function setup(): Record<Route, string> {
	return {
		none: install(undefined),
		tarball: install(`npm:pi-delegate@file:${packTarball()}`),
		clone: install(REPO),
		sources: install(copyPackage(ownDir("pi-delegate-first-prompt-sources-"), { nodeModules: true })),
	};
}

/** Every route once per round, in a rotating order, each start with caches of its own (cold). */
async function rounds(agents: Record<Route, string>, count: number): Promise<Record<Route, FirstPrompt[]>> {
	const routes = Object.keys(ROUTES) as Route[];
	const samples = Object.fromEntries(routes.map((r) => [r, [] as FirstPrompt[]])) as Record<Route, FirstPrompt[]>;
	const cwd = ownDir("pi-delegate-first-prompt-project-");
	const caches = ownDir("pi-delegate-first-prompt-tmp-");
	for (let round = 0; round < count; round++) {
		for (let i = 0; i < routes.length; i++) {
			const route = routes[(i + round) % routes.length] as Route;
			const tmp = join(caches, `${route}-${round}`);
			samples[route].push(await firstPrompt({ agentDir: agents[route], cwd, tmp }));
		}
	}
	return samples;
}

type Field = Exclude<keyof FirstPrompt, "ready_ms">;
const FIELDS: Field[] = ["echo_ms", "request_ms", "typed_ms"];

function medians(samples: Record<Route, FirstPrompt[]>) {
	return Object.fromEntries(
		Object.entries(samples).map(([route, runs]) => [
			route,
			Object.fromEntries((["ready_ms", ...FIELDS] as const).map((f) => [f, median(runs.map((r) => r[f]))])),
		]),
	) as Record<Route, Record<keyof FirstPrompt, number>>;
}

const bench: Bench = async ({ quick }) => {
	const loadBefore = loadavg();
	const agents = setup();
	const samples = await rounds(agents, quick ? 2 : 7);
	for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
	const m = medians(samples);
	const vs = (route: Route, field: Field) => ratio(m[route][field], m.none[field]);
	const targets = {
		npm_echo_within_1_2: vs("tarball", "echo_ms") <= 1.2,
		clone_echo_within_1_2: vs("clone", "echo_ms") <= 1.2,
	};
	const rows = (Object.keys(ROUTES) as Route[]).map((route) => [
		ROUTES[route],
		`${show.ms(m[route].echo_ms)} (${show.times(vs(route, "echo_ms"))})`,
		`${show.ms(m[route].request_ms)} (${show.times(vs(route, "request_ms"))})`,
		show.ms(m[route].typed_ms),
		show.ms(m[route].ready_ms),
	]);
	const table = [
		renderTable(
			["first prompt, cold caches (medians)", "Enter → echo", "Enter → request", "keys → shown", "start → ready"],
			rows,
			["left", "right", "right", "right", "right"],
		),
		"",
		...footer(loadBefore, targets),
	].join("\n");
	return {
		name: "first-prompt",
		table,
		data: {
			rounds: samples.none.length,
			load_average: { before: loadBefore, after: loadavg() },
			routes: ROUTES,
			samples,
			medians: m,
			targets,
		},
	};
};

export default bench;
