import { describe, expect, it } from "vitest";
import { createRefusalWatch, refusalsIn } from "../../../src/run/sandbox/refusals.ts";

const end = (id: string, tool: string, text: string) => ({
	type: "tool_execution_end",
	toolCallId: id,
	toolName: tool,
	result: { content: [{ type: "text", text }] },
	isError: true,
});

describe("refusals seen in tool output", () => {
	it("records each line where the read-only file system refused a bash write, with the command", () => {
		const watch = createRefusalWatch();
		expect(
			watch.push({ type: "tool_execution_start", toolCallId: "1", toolName: "bash", args: { command: "make" } }),
		).toEqual([]);
		const out = watch.push(end("1", "bash", "ok\ntouch: cannot touch '/r/a': Read-only file system\ndone"));
		expect(out).toEqual([
			{
				tool: "bash",
				command: "make",
				reason: "the read-only file system refused a write: touch: cannot touch '/r/a': Read-only file system",
			},
		]);
	});

	it("names the path of a file tool the mount refused, and the missing network", () => {
		expect(refusalsIn("write", "EROFS: read-only file system, open '/r/x'", { path: "/r/x" })).toEqual([
			{
				tool: "write",
				path: "/r/x",
				reason: "the read-only file system refused a write: EROFS: read-only file system, open '/r/x'",
			},
		]);
		expect(
			refusalsIn("bash", "curl: (7) Failed to connect: Network is unreachable", { command: "curl x" })[0]?.reason,
		).toMatch(/^the sandbox has no network/);
	});

	it("keeps three lines of one result, and nothing from output without a refusal", () => {
		const many = Array.from({ length: 10 }, (_, i) => `cp: cannot create '/r/${i}': Read-only file system`).join("\n");
		expect(refusalsIn("bash", many, {})).toHaveLength(3);
		expect(refusalsIn("bash", "all fine", {})).toEqual([]);
		expect(createRefusalWatch().push({ type: "message_end" })).toEqual([]);
	});
});
