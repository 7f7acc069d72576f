import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { nodeFileProbe } from "../../src/envelope/probe.ts";
import { tempDir } from "../support/temp.ts";

describe("nodeFileProbe's bounded count", () => {
	const dir = tempDir("pi-delegate-probe-bounds-");
	// 2,600 lines of 1,000 bytes: 2.5 MiB, so lines end across several read chunks.
	const file = join(dir, "lines.txt");
	writeFileSync(file, `${"x".repeat(999)}\n`.repeat(2_600));

	it("counts to the end when the cited line is past it, across chunks", () => {
		expect(nodeFileProbe().lineCount(file, { through: 2_601 })).toBe(2_600);
		expect(nodeFileProbe().lineCount(file)).toBe(2_600);
	});

	it("stops once the cited line has ended and a little more is counted, saying how far it got", () => {
		const cut = nodeFileProbe().lineCount(file, { through: 3 });
		expect(cut).toMatchObject({ cut: "reached", size: 2_600_000 });
		expect(typeof cut === "number" ? 0 : cut.lines).toBeGreaterThanOrEqual(3);
		expect(typeof cut === "number" ? 0 : cut.bytes).toBeLessThan(2_600_000);
	});
});
