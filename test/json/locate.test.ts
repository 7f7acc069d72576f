import { describe, expect, it } from "vitest";
import { locate } from "../../src/json/locate.ts";
import { readJson } from "../../src/json/read.ts";
import type { JsonPath } from "../../src/json/types.ts";

const TEXT = `{
  "pi-delegate": {
    "contextMods": {},
    "providerExtensions": ["./a.ts", "./b.ts"],
    "runner": "nosuch"
  },
  "runner": "in-process",
  "runner": "subprocess"
}`;

function at(path: JsonPath) {
	const read = readJson(TEXT);
	if (!read.ok) throw new Error(read.error.reason);
	const { position, exact, found } = locate(read, path);
	return { where: `${position.line}:${position.column}`, exact, found };
}

describe("locate", () => {
	it("gives the position of an object member's key", () => {
		expect(at(["pi-delegate", "contextMods"])).toEqual({
			where: "3:5",
			exact: true,
			found: ["pi-delegate", "contextMods"],
		});
		expect(at(["pi-delegate", "runner"]).where).toBe("5:5");
	});

	it("gives the position of a list item's value", () => {
		expect(at(["pi-delegate", "providerExtensions", 1]).where).toBe("4:38");
	});

	it("gives the root value for the empty path", () => {
		expect(at([])).toEqual({ where: "1:1", exact: true, found: [] });
	});

	it("points a duplicated key at the copy whose value is kept", () => {
		expect(at(["runner"]).where).toBe("8:3");
	});

	it("falls back to the nearest existing parent for a missing path, and says so", () => {
		expect(at(["pi-delegate", "contextModes", "lean"])).toEqual({ where: "2:3", exact: false, found: ["pi-delegate"] });
		expect(at(["pi-delegate", "providerExtensions", 7]).exact).toBe(false);
		expect(at(["pi-delegate", "runner", "deeper"])).toMatchObject({ where: "5:5", exact: false });
	});

	it("does not mistake an index for a name or a name for an index", () => {
		expect(at(["pi-delegate", 0]).exact).toBe(false);
		expect(at(["pi-delegate", "providerExtensions", "0"]).exact).toBe(false);
	});
});
