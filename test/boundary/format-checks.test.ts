/**
 * The generated checks of a snapshot's file forms (src/boundary/format-checks.ts): current with the
 * schemas they were generated from, equal in verdict to typebox's own check on good and damaged
 * headers, and free of any import, so reading a snapshot loads no schema library.
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import Type from "typebox";
import { Code } from "typebox/compile";
import { Value } from "typebox/value";
import { describe, expect, it } from "vitest";
import { FORMAT_CHECKS_FILE, generateFormatChecks } from "../../scripts/gen-format-checks.ts";
import { encodeSnapshot } from "../../src/boundary/codec.ts";
import { FORMAT_CHECKS } from "../../src/boundary/format-checks.ts";
import { CompactHeaderSchema, JsonSnapshotSchema, V1SnapshotSchema } from "../../src/boundary/formats.ts";
import { snapshotToJson } from "../../src/boundary/load.ts";
import { snapshotRoots } from "../../src/boundary/snapshot.ts";
import { gitRepo } from "../support/task-fixture.ts";

describe("the generated format checks", () => {
	it("are current: regenerating them from the schemas gives the committed file", () => {
		expect(readFileSync(FORMAT_CHECKS_FILE, "utf8")).toBe(generateFormatChecks());
	});

	it("are the same text however much typebox compiled before in the process", () => {
		// typebox numbers generated variables with a process-wide counter; the generator renumbers them.
		const other = Type.Record(Type.String(), Type.Object({ a: Type.Record(Type.String(), Type.String()) }));
		for (let i = 0; i < 3; i++) Code(other);
		expect(generateFormatChecks()).toBe(readFileSync(FORMAT_CHECKS_FILE, "utf8"));
	});

	it("import nothing", () => {
		expect(readFileSync(FORMAT_CHECKS_FILE, "utf8")).not.toMatch(/^\s*import\s|\brequire\(|\bimport\(/m);
	});

	it("carry the schemas they were generated from, as plain JSON", () => {
		expect(FORMAT_CHECKS.compactHeader.schema).toEqual(JSON.parse(JSON.stringify(CompactHeaderSchema)));
		expect(FORMAT_CHECKS.jsonSnapshot.schema).toEqual(JSON.parse(JSON.stringify(JsonSnapshotSchema)));
		expect(FORMAT_CHECKS.v1Snapshot.schema).toEqual(JSON.parse(JSON.stringify(V1SnapshotSchema)));
	});

	it("judge real and damaged headers as typebox does", async () => {
		const root = gitRepo({ "a.txt": "one\n", "sub/b.txt": "two\n" });
		const snapshot = await snapshotRoots([root]);
		const plain = gunzipSync(encodeSnapshot(snapshot));
		const header = JSON.parse(plain.toString("utf8", 0, plain.indexOf(0x0a)));
		const json = JSON.parse(JSON.stringify(snapshotToJson(snapshot)));
		const damaged = (value: unknown, edit: (copy: Record<string, unknown>) => void) => {
			const copy = structuredClone(value) as Record<string, unknown>;
			edit(copy);
			return copy;
		};
		const root0 = (v: Record<string, unknown>) => (v.roots as Array<Record<string, unknown>>)[0]!;
		const headers = [
			header,
			damaged(header, (h) => (h.version = 3)),
			damaged(header, (h) => (h.extra = true)),
			damaged(header, (h) => delete h.takenAt),
			damaged(header, (h) => (root0(h).treeBytes = -1)),
			damaged(header, (h) => (root0(h).treeBytes = 1.5)),
			damaged(header, (h) => (root0(h).walker = "fnd")),
			damaged(header, (h) => (root0(h).realPath = null)),
			damaged(header, (h) => (root0(h).unreadable = { "": 7 })),
			damaged(header, (h) => (root0(h).git = [{}])),
			null,
			[],
			"header",
		];
		for (const value of headers) {
			expect(FORMAT_CHECKS.compactHeader.check(value), JSON.stringify(value)?.slice(0, 80)).toBe(
				Value.Check(CompactHeaderSchema, value),
			);
		}
		expect(FORMAT_CHECKS.compactHeader.check(header)).toBe(true);
		const jsons = [json, damaged(json, (j) => (root0(j).entries = [["a", 1]])), damaged(json, (j) => delete j.roots)];
		for (const value of jsons) {
			expect(FORMAT_CHECKS.jsonSnapshot.check(value)).toBe(Value.Check(JsonSnapshotSchema, value));
		}
		expect(FORMAT_CHECKS.jsonSnapshot.check(json)).toBe(true);
	});
});
