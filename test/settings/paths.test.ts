import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { displayPath, expandTilde, resolveAgentDir } from "../../src/settings/paths.ts";

describe("resolveAgentDir", () => {
	it("defaults to ~/.pi/agent", () => {
		expect(resolveAgentDir({}, "/home/u", "/work")).toBe("/home/u/.pi/agent");
		expect(resolveAgentDir({ PI_CODING_AGENT_DIR: "" }, "/home/u", "/work")).toBe("/home/u/.pi/agent");
	});

	it("follows PI_CODING_AGENT_DIR, expanding ~ and resolving a relative path against cwd", () => {
		expect(resolveAgentDir({ PI_CODING_AGENT_DIR: "~/alt" }, "/home/u", "/work")).toBe("/home/u/alt");
		expect(resolveAgentDir({ PI_CODING_AGENT_DIR: "/abs/agent" }, "/home/u", "/work")).toBe("/abs/agent");
		expect(resolveAgentDir({ PI_CODING_AGENT_DIR: "rel" }, "/home/u", "/work")).toBe("/work/rel");
	});

	it("expands only a leading ~", () => {
		expect(expandTilde("~", "/h")).toBe("/h");
		expect(expandTilde("a/~/b", "/h")).toBe("a/~/b");
		expect(expandTilde("~user/x", "/h")).toBe("~user/x");
	});
});

describe("displayPath", () => {
	it("shortens under cwd, then under home, and leaves other paths whole", () => {
		const where = { cwd: "/home/u/proj", home: "/home/u" };
		expect(displayPath("/home/u/proj/.pi/settings.json", where)).toBe(join(".pi", "settings.json"));
		expect(displayPath("/home/u/.pi/agent/settings.json", where)).toBe("~/.pi/agent/settings.json");
		expect(displayPath("/etc/pi/settings.json", where)).toBe("/etc/pi/settings.json");
	});
});
