import { describe, expect, it } from "vitest";
import { commandSegments, matchCommand, normalizeCommand } from "../../src/envelope/commands.ts";

describe("normalizeCommand", () => {
	it("trims, collapses whitespace, drops a $ prompt and trailing semicolons", () => {
		expect(normalizeCommand("  $ npm   test\t--  -t x ;; \n")).toBe("npm test -- -t x");
	});

	it("keeps everything else, case and quotes included", () => {
		expect(normalizeCommand("Grep 'a  b' x")).toBe("Grep 'a b' x");
		expect(normalizeCommand("echo $HOME")).toBe("echo $HOME");
	});
});

describe("commandSegments", () => {
	it("splits on &&, ||, ; and newlines", () => {
		expect(commandSegments("cd app && npm test || echo failed; git status\nls")).toEqual([
			"cd app",
			"npm test",
			"echo failed",
			"git status",
			"ls",
		]);
	});

	it("does not split inside quotes or on escaped separators", () => {
		expect(commandSegments(`echo "a && b; c" && grep 'x||y' f && echo a\\;b`)).toEqual([
			'echo "a && b; c"',
			"grep 'x||y' f",
			"echo a\\;b",
		]);
		expect(commandSegments(`echo "say \\"hi\\" && bye" && ls`)).toEqual([`echo "say \\"hi\\" && bye"`, "ls"]);
	});

	it("does not split a pipeline or a redirection", () => {
		expect(commandSegments("npm test 2>&1 | tail -5")).toEqual(["npm test 2>&1 | tail -5"]);
	});

	it("drops empty segments", () => {
		expect(commandSegments("a;; b &&")).toEqual(["a", "b"]);
	});
});

describe("matchCommand", () => {
	const ran = ["cd /repo && npm test", "git diff --stat", "npm test 2>&1 | tail -5"];

	it("matches a whole command after normalisation", () => {
		expect(matchCommand("  git   diff --stat ", ran)).toEqual({
			matched: true,
			ran: "git diff --stat",
			index: 1,
			whole: true,
		});
	});

	it("matches one segment of a chain", () => {
		expect(matchCommand("npm test", ran)).toEqual({
			matched: true,
			ran: "cd /repo && npm test",
			index: 0,
			whole: false,
		});
	});

	it("prefers a whole match over an earlier segment match", () => {
		expect(matchCommand("npm test", ["cd a && npm test", "npm test"])).toMatchObject({ index: 1, whole: true });
	});

	it("does not match a stage of a pipeline, a prefix, or a different flag", () => {
		expect(matchCommand("tail -5", ran).matched).toBe(false);
		expect(matchCommand("git diff", ran).matched).toBe(false);
		expect(matchCommand("git diff --stat --cached", ran).matched).toBe(false);
	});

	it("names the nearest command by first word when nothing matches", () => {
		expect(matchCommand("git log", ran)).toEqual({ matched: false, nearest: "git diff --stat" });
		expect(matchCommand("make", ran)).toEqual({ matched: false, nearest: undefined });
	});

	it("matches nothing against an empty record", () => {
		expect(matchCommand("npm test", [])).toEqual({ matched: false, nearest: undefined });
	});
});
