import { describe, expect, it } from "vitest";
import { parseVersion, satisfies } from "../../src/doctor/versions.ts";

describe("version ranges as package.json writes them", () => {
	it("reads the package's own ranges: engines.node and the Pi peer range", () => {
		expect(satisfies("22.19.0", ">=22.19.0")).toBe(true);
		expect(satisfies("v22.23.3", ">=22.19.0")).toBe(true);
		expect(satisfies("22.18.9", ">=22.19.0")).toBe(false);
		expect(satisfies("20.20.2", ">=22.19.0")).toBe(false);
		expect(satisfies("0.86.1", ">=0.86.1 <2")).toBe(true);
		expect(satisfies("1.6.0", ">=0.86.1 <2")).toBe(true);
		expect(satisfies("0.86.0", ">=0.86.1 <2")).toBe(false);
		expect(satisfies("2.0.0", ">=0.86.1 <2")).toBe(false);
		expect(satisfies("1.99.99", ">=0.86.1 < 2")).toBe(true);
	});

	it("reads carets, tildes, x-ranges, exact versions and alternatives", () => {
		expect(satisfies("1.3.27", "^1.0.0")).toBe(true);
		expect(satisfies("2.0.0", "^1.0.0")).toBe(false);
		expect(satisfies("0.3.1", "^0.3.0")).toBe(true);
		expect(satisfies("0.4.0", "^0.3.0")).toBe(false);
		expect(satisfies("1.2.9", "~1.2.3")).toBe(true);
		expect(satisfies("1.3.0", "~1.2.3")).toBe(false);
		expect(satisfies("1.9.0", "1.x")).toBe(true);
		expect(satisfies("2.0.0", "1.x")).toBe(false);
		expect(satisfies("1.6.0", "1.6.0")).toBe(true);
		expect(satisfies("1.6.1", "1.6.0")).toBe(false);
		expect(satisfies("3.0.0", "^1.0.0 || ^3.0.0")).toBe(true);
		expect(satisfies("2.0.0", "^1.0.0 || ^3.0.0")).toBe(false);
		expect(satisfies("2.0.0", ">1")).toBe(true);
		expect(satisfies("1.5.0", ">1")).toBe(false);
		expect(satisfies("1.9.9", "<=1")).toBe(true);
	});

	it("says it cannot tell rather than guessing", () => {
		expect(satisfies("not a version", ">=1.0.0")).toBeUndefined();
		expect(satisfies("1.0.0", "latest")).toBeUndefined();
		expect(satisfies("1.0.0", "")).toBeUndefined();
		expect(parseVersion("pi 1.6.0\n")).toEqual([1, 6, 0]);
	});
});
