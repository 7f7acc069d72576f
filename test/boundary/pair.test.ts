/** Pairing two trees' records: the block-skipping walk must agree with a plain map comparison. */
import { describe, expect, it } from "vitest";
import { pairRecords } from "../../src/boundary/pair.ts";
import { indexTree, pathName, treeFromPairs } from "../../src/boundary/tree.ts";

function pair(before: Array<[string, string]>, after: Array<[string, string]>): string[] {
	const b = indexTree(treeFromPairs(before))!;
	const a = indexTree(treeFromPairs(after))!;
	const out: string[] = [];
	pairRecords(
		b,
		a,
		(i, j) => out.push(`~ ${pathName(b, i)} ${pathName(a, j)}`),
		(i) => out.push(`- ${pathName(b, i)}`),
		(j) => out.push(`+ ${pathName(a, j)}`),
	);
	return out.sort();
}

/** What any correct pairing reports: by path, a change only where the text differs. */
function expected(before: Array<[string, string]>, after: Array<[string, string]>): string[] {
	const b = new Map(before);
	const a = new Map(after);
	const out: string[] = [];
	for (const [path, text] of b) {
		if (!a.has(path)) out.push(`- ${path}`);
		else if (a.get(path) !== text) out.push(`~ ${path} ${path}`);
	}
	for (const path of a.keys()) if (!b.has(path)) out.push(`+ ${path}`);
	return out.sort();
}

describe("pairRecords", () => {
	it("reports nothing for identical trees and finds a single change in a long run", () => {
		const list = Array.from({ length: 5000 }, (_, i): [string, string] => [`d/f${i}`, `f 644 ${i} 1.0 1.0`]);
		expect(pair(list, list)).toEqual([]);
		const changed = list.map((e, i): [string, string] => (i === 3777 ? [e[0], "f 644 0 2.0 2.0"] : e));
		expect(pair(list, changed)).toEqual(["~ d/f3777 d/f3777"]);
	});

	it("agrees with a map comparison on shuffled, edited, grown and shrunk trees", () => {
		let seed = 11;
		const random = () => {
			seed = (seed * 1103515245 + 12345) % 2 ** 31;
			return seed / 2 ** 31;
		};
		for (let round = 0; round < 60; round++) {
			const size = Math.floor(random() * 300);
			const before = Array.from({ length: size }, (_, i): [string, string] => [`p${i}`, `f 644 ${i} 1.0 1.0`]);
			const after = before
				.filter(() => random() > 0.1)
				.map(([p, t]): [string, string] => (random() < 0.05 ? [p, `${t}0`] : [p, t]));
			for (let k = 0; k < 3; k++) after.splice(Math.floor(random() * after.length), 0, [`n${round}-${k}`, "d 755"]);
			if (round % 3 === 0) after.sort(() => random() - 0.5);
			expect(pair(before, after), `round ${round}`).toEqual(expected(before, after));
		}
	});

	it("tells apart names that are the same text but different bytes", () => {
		const before: Array<[string, string]> = [["bad-\u0000ff", "d 755"]];
		const after: Array<[string, string]> = [["bad-\u0000fe", "d 755"]];
		expect(pair(before, after)).toEqual(["+ bad-\u0000fe", "- bad-\u0000ff"]);
	});
});
