/**
 * The ceiling on what a person names as input: an input that never ends (a device, a pipe fed
 * forever) stops at the ceiling with words that say so, a regular file over it is refused before a
 * byte is read, and anything under it reads whole — through every command that reads one.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import {
	InputTooLarge,
	isTooLarge,
	readBoundedStream,
	readBoundedText,
	readBoundedTextSync,
	TEXT_INPUT_LIMIT,
} from "../src/read-input.ts";
import { runCli } from "./support/cli.ts";
import { REPO } from "./support/pi.ts";
import { tempDir } from "./support/temp.ts";

const NEVER_ENDS = "/dev/zero";

describe("readBounded", () => {
	it("reads a file under the ceiling whole, async and sync alike", async () => {
		const file = join(tempDir(), "spec.json");
		const text = `{"goal": "${"é".repeat(100_000)}"}`;
		writeFileSync(file, text);
		expect(await readBoundedText(file)).toBe(text);
		expect(readBoundedTextSync(file)).toBe(text);
	});

	it("refuses a regular file over the ceiling, naming it, async and sync alike", async () => {
		const file = join(tempDir(), "big.json");
		writeFileSync(file, "x".repeat(2000));
		const error = await readBoundedText(file, 1000).catch((e: unknown) => e);
		expect(isTooLarge(error)).toBe(true);
		expect((error as InputTooLarge).message).toMatch(/big\.json holds more than 0 MiB/);
		expect(() => readBoundedTextSync(file, 1000)).toThrow(InputTooLarge);
		expect(await readBoundedText(file, 2000)).toHaveLength(2000);
	});

	it("stops a device that never ends at the text ceiling, even where a larger one was allowed", async () => {
		const error = await readBoundedText(NEVER_ENDS, 4 * TEXT_INPUT_LIMIT).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(InputTooLarge);
		expect((error as InputTooLarge).limit).toBe(TEXT_INPUT_LIMIT);
		expect(() => readBoundedTextSync(NEVER_ENDS)).toThrow(/never ends/);
	});

	it("stops a stream past the ceiling, and reads one under it", async () => {
		const endless = Readable.from(
			(function* () {
				for (;;) yield Buffer.alloc(64 * 1024, 0x79);
			})(),
		);
		await expect(readBoundedStream(endless, 1024 * 1024)).rejects.toThrow(/standard input holds more than 1 MiB/);
		expect(await readBoundedStream(Readable.from([Buffer.from("{"), Buffer.from("}")]))).toBe("{}");
	});

	it("passes errno errors through as Node throws them", async () => {
		const error = await readBoundedText(join(tempDir(), "missing.json")).catch((e: unknown) => e);
		expect((error as NodeJS.ErrnoException).code).toBe("ENOENT");
	});
});

describe("a command given an input that never ends", () => {
	const cases: Array<[string, string[], RegExp]> = [
		["validate", ["validate", NEVER_ENDS], /cannot read the spec file: it holds more than 16 MiB/],
		["run", ["run", NEVER_ENDS], /cannot read the spec file: it holds more than 16 MiB/],
		["preview", ["preview", "--spec", NEVER_ENDS], /cannot read the spec file: it holds more than 16 MiB/],
		["envelope check", ["envelope", "check", NEVER_ENDS], /input file \/dev\/zero holds more than 16 MiB/],
		["gate --file", ["gate", "--file", NEVER_ENDS], /cannot read \/dev\/zero: it holds more than 16 MiB/],
		["boundary diff", ["boundary", "diff", NEVER_ENDS], /before: cannot be read: it holds more than 16 MiB/],
		["run --session", ["run", "--session", NEVER_ENDS, "spec.json"], /--session: cannot be read: it holds more/],
		["spend --session", ["spend", "--session", NEVER_ENDS], /--session: is not a regular file/],
	];
	for (const [name, argv, words] of cases) {
		it(`${name} stops with exit 2 and says why`, async () => {
			const home = tempDir();
			const result = await runCli(argv, { cwd: home, env: { ...process.env, HOME: home } });
			expect(result.code).toBe(2);
			expect(`${result.stdout}${result.stderr}`).toMatch(words);
			expect(result.stderr).not.toMatch(/\n\s+at |unexpected error/);
		});
	}

	it("stops standard input fed forever (a real process, `yes |`)", async () => {
		const child = spawn(process.execPath, [join(REPO, "bin/pi-delegate.cjs"), "validate", "-"], {
			stdio: ["pipe", "pipe", "pipe"],
		});
		const chunk = Buffer.alloc(1024 * 1024, 0x79);
		const feed = () => {
			while (child.stdin.writable && child.stdin.write(chunk));
		};
		child.stdin.on("drain", feed);
		child.stdin.on("error", () => {});
		feed();
		let stderr = "";
		child.stderr.on("data", (d: Buffer) => {
			stderr += d.toString();
		});
		const code = await new Promise<number | null>((done) => child.on("close", done));
		expect(code).toBe(2);
		expect(stderr).toBe(
			"pi-delegate validate: standard input holds more than 16 MiB, more than any input of its kind (something that never ends, such as /dev/zero or `yes`?)\n",
		);
	}, 30_000);
});

describe("spend --session", () => {
	it("refuses a file that is not a Pi session, before reading it whole", async () => {
		const dir = tempDir();
		writeFileSync(join(dir, "notes.json"), '{"type": "message"}\n');
		writeFileSync(join(dir, "empty.jsonl"), "");
		const cases: Array<[string, string]> = [
			["notes.json", "is not a Pi session file: its first line is not a session header"],
			["empty.jsonl", "is empty, not a Pi session file"],
		];
		for (const [file, why] of cases) {
			const result = await runCli(["spend", "--session", file, "--runs", dir], { cwd: dir });
			expect(result.code).toBe(2);
			expect(result.stderr).toContain(`--session: ${why}`);
		}
	});
});

describe("what a command echoes of its command line", () => {
	// An argument that clears the screen and retitles the terminal, as a pasted or generated name may.
	const HOSTILE = "x\u001b]0;retitled\u0007\u001b[2J.json";
	const cases: string[][] = [
		[HOSTILE],
		[`--${HOSTILE}`],
		["help", "run", HOSTILE],
		["validate", `--${HOSTILE}`],
		["modes", HOSTILE],
		["envelope", "check", HOSTILE],
		["gate", "--file", HOSTILE],
		["workflow", "run", HOSTILE],
		["preview", "--agent", HOSTILE],
		["validate", HOSTILE],
		["spend", "--session", HOSTILE],
	];
	for (const argv of cases) {
		it(`shows control characters, never sends them: ${JSON.stringify(argv)}`, async () => {
			const home = tempDir();
			const result = await runCli(argv, { cwd: home, env: { ...process.env, HOME: home } });
			expect(result.code).toBe(2);
			const shown = `${result.stdout}${result.stderr}`;
			expect(shown.includes("\u0007") || shown.includes("\u001b")).toBe(false);
			expect(`${result.stdout}${result.stderr}`).toMatch(/\\x1b|\\u001b/);
		});
	}
});
