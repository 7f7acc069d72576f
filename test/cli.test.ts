import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import pkg from "../package.json" with { type: "json" };
import { type Command, type CommandEntry, UsageError } from "../src/cli/command.ts";
import { COMMANDS } from "../src/cli/commands.ts";
import { main } from "../src/cli/main.ts";
import { fitText } from "../src/format/fit.ts";
import { visibleWidth } from "../src/format/table.ts";
import { recordingIO, runCli } from "./support/cli.ts";
import { REPO } from "./support/pi.ts";

/** A command whose `run` does what the test says. */
function command(name: string, run: Command["run"]): Command {
	return { name, summary: `the ${name} command`, usage: `Usage: pi-delegate ${name} (test)`, run };
}

function entry(cmd: Command, loads?: string[]): CommandEntry {
	return {
		name: cmd.name,
		summary: cmd.summary,
		load: async () => {
			loads?.push(cmd.name);
			return cmd;
		},
	};
}

async function runWith(
	commands: readonly CommandEntry[],
	argv: string[],
	env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
	const { io, out } = recordingIO({ cwd: process.cwd(), env });
	const code = await main(argv, io, commands);
	return { code, ...out };
}

const TRACE = /^\s+at /m;

describe("the command list", () => {
	it("lists every command, and exits 2 when called with no command", async () => {
		const result = await runCli([]);
		expect(result.code).toBe(2);
		expect(result.stdout).toBe("");
		expect(result.stderr).toMatch(/^pi-delegate: no command given\n\npi-delegate — /);
		expect(result.stderr).toContain("\nUsage: pi-delegate <command>");
		const lines = result.stderr.split("\n");
		for (const c of COMMANDS)
			expect(
				lines.some(
					(l) =>
						l
							.trim()
							.split(/\s{2,}/)
							.join("|") === `${c.name}|${c.summary}`,
				),
			).toBe(true);
	});

	it("is printed without loading any command", async () => {
		const loads: string[] = [];
		const commands = ["alpha", "beta"].map((n) =>
			entry(
				command(n, async () => 0),
				loads,
			),
		);
		for (const argv of [[], ["help"], ["--help"], ["-h"], ["frobnicate"]]) await runWith(commands, argv);
		expect(loads).toEqual([]);
		await runWith(commands, ["beta"]);
		expect(loads).toEqual(["beta"]);
	});

	it("says of each command what its module says (name and summary)", async () => {
		for (const c of COMMANDS) {
			const loaded = await c.load();
			expect({ name: loaded.name, summary: loaded.summary }).toEqual({ name: c.name, summary: c.summary });
		}
		expect(new Set(COMMANDS.map((c) => c.name)).size).toBe(COMMANDS.length);
	});
});

describe("a command's help", () => {
	it("is printed for `help run`, `--help run`, `-h run` and `run --help`", async () => {
		const run = await COMMANDS.find((c) => c.name === "run")?.load();
		for (const argv of [
			["help", "run"],
			["--help", "run"],
			["-h", "run"],
			["run", "--help"],
			["run", "x", "-h"],
		]) {
			const result = await runCli(argv);
			expect(result.code, argv.join(" ")).toBe(0);
			expect(result.stdout, argv.join(" ")).toBe(`${fitText(run?.usage ?? "", 80)}\n`);
		}
	});

	it("fits 80 columns for every command, and is printed as written in a wider terminal", async () => {
		for (const c of COMMANDS) {
			const text = (await runCli(["help", c.name])).stdout;
			const wide = text.split("\n").filter((l) => visibleWidth(l) > 80);
			expect(wide, c.name).toEqual([]);
			const usage = (await c.load()).usage;
			expect((await runCli(["help", c.name], { columns: 200 })).stdout).toBe(`${usage}\n`);
			expect(text.replace(/\s+/g, " "), c.name).toBe(`${usage}\n`.replace(/\s+/g, " "));
		}
		const overview = (await runCli(["help"])).stdout;
		expect(overview.split("\n").filter((l) => visibleWidth(l) > 80)).toEqual([]);
	});

	it("of an unknown command is an error with a near name", async () => {
		const result = await runCli(["--help", "valdate"]);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain('unknown command "valdate" (did you mean "validate"?)');
	});
});

describe("an unknown command", () => {
	it("is named, with the command it was probably meant to be, and exits 2", async () => {
		const result = await runCli(["valdiate", "spec.json"]);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain('pi-delegate: unknown command "valdiate" (did you mean "validate"?)');
	});

	it("gets no suggestion when nothing is close", async () => {
		const result = await runCli(["frobnicate"]);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain('unknown command "frobnicate"\n');
	});
});

describe("an error no command handled", () => {
	const boom = command("boom", async (_argv, io) => {
		io.recordAt?.("audit record", "/runs/20261201T000000Z-t");
		throw new Error("disk full\nsecond line of detail");
	});
	const early = command("early", async () => {
		throw new TypeError("cannot read properties of undefined (reading 'x')");
	});

	it("prints one line — what went wrong and where the record is — and exits 2", async () => {
		const result = await runWith([entry(boom)], ["boom"]);
		expect(result.code).toBe(2);
		expect(result.stderr).toBe(
			"pi-delegate boom: unexpected error: disk full; audit record: /runs/20261201T000000Z-t (--debug shows the trace)\n",
		);
		const noRecord = await runWith([entry(early)], ["early"]);
		expect(noRecord.stderr.trim().split("\n")).toHaveLength(1);
		expect(noRecord.stderr).toContain("pi-delegate early: unexpected error: cannot read properties of undefined");
	});

	it("shows the trace with --debug anywhere, or PI_DELEGATE_DEBUG=1, and --debug reaches no command", async () => {
		let seen: string[] = [];
		const spy = command("spy", async (argv) => {
			seen = argv;
			throw new Error("kaput");
		});
		for (const [argv, env] of [
			[["--debug", "spy", "a"], {}],
			[["spy", "a", "--debug"], {}],
			[["spy", "a"], { PI_DELEGATE_DEBUG: "1" }],
		] as const) {
			const result = await runWith([entry(spy)], [...argv], env);
			expect(result.code).toBe(2);
			expect(result.stderr).toMatch(/^pi-delegate spy: unexpected error: kaput\nError: kaput\n/);
			expect(result.stderr).toMatch(TRACE);
			expect(seen).toEqual(["a"]);
		}
	});

	it("that is a missing Pi package says what is missing and how to get it", async () => {
		const missing = command("needs-pi", async () => {
			throw Object.assign(
				new Error("Cannot find package '@earendil-works/pi-coding-agent' imported from /x/dist/run/host.js"),
				{ code: "ERR_MODULE_NOT_FOUND" },
			);
		});
		const result = await runWith([entry(missing)], ["needs-pi"]);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain("needs @earendil-works/pi-coding-agent, which comes with Pi");
		// pi-delegate is not on the npm registry: the fix names routes that work today.
		expect(result.stderr).toContain("run `npm ci` in a clone");
		expect(result.stderr).toContain("npm i -g ./pi-delegate-<version>.tgz");
		expect(result.stderr).not.toContain("npm i -g pi-delegate`");
		expect(result.stderr).not.toMatch(TRACE);
	});

	it("is not a usage error: a UsageError prints the usage instead", async () => {
		const usage = command("strict", async () => {
			throw new UsageError("unknown option --jsn (did you mean --json?)");
		});
		const result = await runWith([entry(usage)], ["strict"]);
		expect(result.code).toBe(2);
		expect(result.stderr).toBe(
			"pi-delegate strict: unknown option --jsn (did you mean --json?)\n\nUsage: pi-delegate strict (test)\nRun `pi-delegate help strict` for every option.\n",
		);
	});

	it("shows a real command's synopsis under the error, not its forty lines of options", async () => {
		const result = await runCli(["run", "--runner", "x", "--runner", "y", "spec.json"]);
		expect(result.code).toBe(2);
		const lines = result.stderr.trimEnd().split("\n");
		expect(lines[0]).toBe('pi-delegate run: --runner is given twice ("x", then "y"); give it once');
		expect(lines[2]).toBe("Usage: pi-delegate run <spec.json | -> [options]");
		expect(lines.at(-1)).toBe("Run `pi-delegate help run` for every option.");
		expect(lines.length).toBeLessThan(8);
		expect(result.stderr).not.toContain("Options:");
	});

	it("while loading the command is reported the same way", async () => {
		const broken: CommandEntry = {
			name: "broken",
			summary: "fails to load",
			load: async () => {
				throw new SyntaxError("Unexpected token '}'");
			},
		};
		const result = await runWith([broken], ["broken"]);
		expect(result.code).toBe(2);
		expect(result.stderr).toBe(
			"pi-delegate broken: unexpected error: Unexpected token '}' (--debug shows the trace)\n",
		);
	});
});

describe("the version", () => {
	it("is the package's, in-process and from the bin", async () => {
		expect((await runCli(["--version"])).stdout).toBe(`${pkg.version}\n`);
		const out = spawnSync(process.execPath, [join(REPO, "bin/pi-delegate.cjs"), "--version"], { encoding: "utf8" });
		expect(out.status).toBe(0);
		expect(out.stdout).toBe(`${pkg.version}\n`);
	});

	it("takes no arguments: one after it is bad input, from the bin as in-process", async () => {
		const result = await runCli(["--version", "extra"]);
		expect(result).toMatchObject({ code: 2, stdout: "" });
		expect(result.stderr).toBe(
			'pi-delegate: --version takes no arguments, but was given "extra"; run `pi-delegate --version` alone\n',
		);
		const out = spawnSync(process.execPath, [join(REPO, "bin/pi-delegate.cjs"), "-v", "extra"], { encoding: "utf8" });
		expect(out.status).toBe(2);
		expect(out.stderr).toContain("-v takes no arguments");
	});
});

describe("help", () => {
	it("takes one command name: two are bad input, not the first one's help", async () => {
		const result = await runCli(["help", "run", "validate"]);
		expect(result).toMatchObject({ code: 2, stdout: "" });
		expect(result.stderr).toContain("help takes one command name, but was given 2: run validate");
	});
});
