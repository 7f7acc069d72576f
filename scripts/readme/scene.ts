/**
 * The controlled environment the README's commands run in: one temporary directory holding the
 * examples (made by examples/setup.sh itself), two homes (a newcomer's, with an empty agent dir and
 * no model; and one whose settings send every effort to the scripted model), a demo project, the
 * workflow's project, a copy of the spend fixture, and the scripted children's answers. Nothing of
 * the user's is read: each command gets an environment built from scratch, not inherited.
 */
import { execFileSync } from "node:child_process";
import {
	cpSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	realpathSync,
	rmSync,
	statSync,
	writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { childAnswers, TODO_PROJECT } from "./answers.ts";
import { EXAMPLE_BASE } from "./normalise.ts";
import { SCRIPTS_ENV } from "./scripted-children.ts";
import type { RunSpec } from "./types.ts";

export interface Scene {
	repo: string;
	/** 24 characters, as long as /tmp/pi-delegate-example, which it stands for. */
	base: string;
	/**
	 * A second copy of the examples, as long: the runs that change the examples' files run one
	 * after another in each copy, and the two copies side by side.
	 */
	base2: string;
	/** A newcomer's home: an agent dir that is empty, no settings, no model. */
	newHome: string;
	/** A home whose settings route every effort to the scripted model. */
	scriptedHome: string;
	/** The same, for the runs in the second copy: each home keeps its own audit records. */
	scriptedHome2: string;
	/** A home whose settings misspell a key, as people do. */
	typoHome: string;
	/** A home that has logged in (a key in the environment) and chosen models (docs/getting-started.md). */
	keyedHome: string;
	/** A home with a global skill, for the ledger project (docs/preview.md). */
	ledgerHome: string;
	/** A project with AGENTS.md, main-only rules and a scoped reviewer agent of its own (docs/preview.md). */
	ledger: string;
	demo: string;
	todo: string;
	spend: string;
	/** The temporary directory every command is given: the system's, so Pi's start caches stay warm. */
	tmp: string;
	/** The environment for a command, from scratch: never the caller's keys, settings or PATH order. */
	env(home: string, extra?: Record<string, string>): Record<string, string>;
	remove(): void;
}

/** Settings with the mistakes people make: a misspelt key, and a runner that does not exist. */
const TYPO_SETTINGS = JSON.stringify(
	{
		"pi-delegate": { runer: "subprocess", sandbox: "enforced", effortProfiles: { fast: "anthropic/claude-haiku-4-5" } },
	},
	null,
	2,
);

function write(path: string, text: string): void {
	mkdirSync(dirname(path), { recursive: true });
	writeFileSync(path, text);
}

function gitInit(dir: string): void {
	const git = (...args: string[]) =>
		execFileSync("git", ["-c", "user.name=readme", "-c", "user.email=readme@example.com", ...args], {
			cwd: dir,
			stdio: "ignore",
		});
	git("init", "-q");
	git("add", "-A");
	git("commit", "-q", "-m", "init");
}

/** examples/setup.sh, run as it is but for where it puts the examples. */
function runSetup(repo: string, base: string): void {
	const script = readFileSync(join(repo, "examples/setup.sh"), "utf8");
	const line = `base=${EXAMPLE_BASE}`;
	if (!script.includes(`\n${line}\n`)) throw new Error(`examples/setup.sh no longer sets ${line}`);
	execFileSync("bash", ["-c", script.replace(`\n${line}\n`, `\nbase=${base}\n`)], { stdio: "ignore" });
}

/** Puts back what the example runs change in the copy at `base`: the typo a task fixes, the cache a compile leaves. */
export function resetExamples(base: string): void {
	execFileSync("git", ["checkout", "-q", "--", "."], { cwd: join(base, "app"), stdio: "ignore" });
	rmSync(join(base, "lib/__pycache__"), { recursive: true, force: true });
}

function copyExamples(repo: string, base: string): void {
	for (const name of readdirSync(join(repo, "examples"))) {
		if (!name.endsWith(".json")) continue;
		const text = readFileSync(join(repo, "examples", name), "utf8");
		write(join(base, "examples", name), text.replaceAll(EXAMPLE_BASE, base));
	}
}

function makeDemo(demo: string): void {
	write(join(demo, "AGENTS.md"), "# Demo\n\nRun `npm test` before you hand in a change.\n");
	write(join(demo, ".pi/APPEND_SYSTEM.md"), "Orchestrate: split large work into waves of child agents.\n");
	write(
		join(demo, ".claude/agents/reviewer.md"),
		[
			"---",
			"name: reviewer",
			// As Claude Code's agent generator writes one: unquoted, with ': ' inside (not valid YAML).
			'description: Use this agent to review a diff against this repository\'s conventions. Example: user: "Review my change" assistant: "I\'ll use the reviewer agent."',
			"tools: Read, Grep, Glob, Bash(git diff:*)",
			"model: inherit",
			"color: blue",
			"---",
			"You are an independent reviewer. Judge the change against the code around it.",
			"",
		].join("\n"),
	);
}

/** A logged-in user's settings: Pi's default model, and the fast effort on a model of its own. */
const KEYED_SETTINGS = {
	defaultProvider: "anthropic",
	defaultModel: "claude-sonnet-4-5",
	"pi-delegate": { effortProfiles: { fast: "anthropic/claude-haiku-4-5" } },
};

/** docs/preview.md's project: shared context, main-agent-only rules, a scoped reviewer, a global skill. */
function makeLedger(ledger: string, home: string): void {
	write(join(ledger, "AGENTS.md"), "# Ledger\n\nAmounts are integers in cents. Run `npm test` before handing in.\n");
	write(join(ledger, ".pi/APPEND_SYSTEM.md"), "You orchestrate: split large work into waves of child agents.\n");
	write(
		join(ledger, ".pi/agents/reviewer.md"),
		[
			"---",
			"name: reviewer",
			"description: Read-only review of a change or a piece of code",
			"tools: read, grep, find",
			"contextMode: scoped",
			"---",
			"You review changes to the ledger. Name each problem with its file and line.",
			"",
		].join("\n"),
	);
	write(
		join(home, ".pi/agent/skills/money-format/SKILL.md"),
		"---\nname: money-format\ndescription: How amounts are formatted for people\n---\nFormat cents as dollars with two decimals.\n",
	);
	const settings = { defaultProjectTrust: "always", defaultProvider: "anthropic", defaultModel: "claude-sonnet-4-5" };
	write(join(home, ".pi/agent/settings.json"), `${JSON.stringify(settings, null, "\t")}\n`);
}

function copySpendFixture(repo: string, to: string): void {
	cpSync(join(repo, "test/fixtures/spend"), to, { recursive: true });
	const rewrite = (dir: string) => {
		for (const name of readdirSync(dir)) {
			const path = join(dir, name);
			if (statSync(path).isDirectory()) rewrite(path);
			else writeFileSync(path, readFileSync(path, "utf8").replaceAll("@ROOT@", to));
		}
	};
	rewrite(to);
	rmSync(join(to, "golden"), { recursive: true, force: true });
}

/** A spec with the mistakes people make: a misspelt field, a space in the id, a budget of nothing. */
function writeTypoSpec(base: string): void {
	const spec = {
		id: "fix typo",
		goal: `Fix the typo in ${base}/app/README.md.`,
		read_only: false,
		roots: [`${base}/app`, `${base}/lib`],
		"write-allowed": [`${base}/app`],
		budget: { wall: 300, usd: 0 },
	};
	write(join(base, "typo.json"), `${JSON.stringify(spec, null, "\t")}\n`);
}

/**
 * The answers go in the scripted home's agent dir: a sandboxed child sees its agent dir, its roots
 * and its working directory, and nothing else of /tmp.
 */
/** Where a scripted home keeps its answers' index (only homes whose settings load the provider read it). */
const answersIndex = (agentDir: string) => join(agentDir, "answers", "children.json");

function writeAnswers(bases: readonly string[], agentDir: string): void {
	const children = childAnswers(bases).map((answer, i) => {
		const script = join(agentDir, "answers", `${i + 1}.json`);
		write(script, JSON.stringify({ turns: answer.turns }));
		return { when: answer.when, script };
	});
	write(answersIndex(agentDir), JSON.stringify({ children }));
}

/** A home whose settings send every effort to the scripted model, with the children's answers in its agent dir. */
function makeScriptedHome(repo: string, home: string, bases: readonly string[]): void {
	const provider = join(repo, "scripts/readme/scripted-children.ts");
	const every = "scripted/scripted-1";
	const settings = { effortProfiles: { fast: every, balanced: every, deep: every }, providerExtensions: [provider] };
	write(join(home, ".pi/agent/settings.json"), `${JSON.stringify({ "pi-delegate": settings }, null, 2)}\n`);
	writeAnswers(bases, join(home, ".pi/agent"));
}

export function openScene(repo: string): Scene {
	const base = mkdtempSync(`${EXAMPLE_BASE.slice(0, -6)}`);
	const base2 = mkdtempSync(`${EXAMPLE_BASE.slice(0, -6)}`);
	for (const copy of [base, base2]) {
		runSetup(repo, copy);
		copyExamples(repo, copy);
	}
	const newHome = join(base, "home");
	const scriptedHome = join(base, "home-scripted");
	const scriptedHome2 = join(base2, "home-scripted");
	mkdirSync(join(newHome, ".pi/agent"), { recursive: true });
	for (const home of [scriptedHome, scriptedHome2]) makeScriptedHome(repo, home, [base, base2]);
	const typoHome = join(base, "home-typo");
	write(join(typoHome, ".pi/agent/settings.json"), `${TYPO_SETTINGS}\n`);
	const demo = join(base, "demo");
	makeDemo(demo);
	const keyedHome = join(base, "home-keyed");
	write(join(keyedHome, ".pi/agent/settings.json"), `${JSON.stringify(KEYED_SETTINGS, null, "\t")}\n`);
	const ledgerHome = join(base, "home-ledger");
	const ledger = join(base, "ledger");
	makeLedger(ledger, ledgerHome);
	const todo = join(base, "todo");
	for (const [file, text] of Object.entries(TODO_PROJECT)) write(join(todo, file), text);
	gitInit(todo);
	const spend = join(base, "spend");
	copySpendFixture(repo, spend);
	writeTypoSpec(base);
	const tmp = realpathSync(tmpdir());
	const path = [join(repo, "node_modules/.bin"), dirname(process.execPath), process.env.PATH ?? ""].join(":");
	return {
		repo,
		base,
		base2,
		newHome,
		scriptedHome,
		scriptedHome2,
		typoHome,
		keyedHome,
		ledgerHome,
		ledger,
		demo,
		todo,
		spend,
		tmp,
		env: (home, extra = {}) => ({
			PATH: path,
			HOME: home,
			LANG: "C.UTF-8",
			TMPDIR: tmp,
			[SCRIPTS_ENV]: answersIndex(join(home, ".pi/agent")),
			...extra,
		}),
		remove: () => {
			for (const copy of [base, base2]) rmSync(copy, { recursive: true, force: true });
		},
	};
}

/** The home a run is made with. */
export function homeOf(scene: Scene, home: RunSpec["home"]): string {
	const homes: Record<RunSpec["home"], string> = {
		new: scene.newHome,
		scripted: scene.scriptedHome,
		scripted2: scene.scriptedHome2,
		typo: scene.typoHome,
		keyed: scene.keyedHome,
		ledger: scene.ledgerHome,
	};
	return homes[home];
}

/** Every home of the scene, for the placeholders that hide where they are. */
export const allHomes = (scene: Scene): string[] => [
	scene.scriptedHome,
	scene.scriptedHome2,
	scene.typoHome,
	scene.keyedHome,
	scene.ledgerHome,
	scene.newHome,
];
