/**
 * Every part of pi-delegate's screen in Pi that the widget, the footer and the commands draw, at 80
 * and 120 columns, with long ids, long goals and long paths: no line is wider than the terminal,
 * and the screens are kept as golden files (test/pi/golden/), read when they change.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { doctorSummary, renderDoctorReport } from "../../src/doctor/render.ts";
import type { Check, DoctorReport } from "../../src/doctor/types.ts";
import { visibleWidth } from "../../src/format/table.ts";
import { childrenLines } from "../../src/pi/children-lines.ts";
import { pickerLabels } from "../../src/pi/children-widget.ts";
import { REPORT_TEXT_WIDTH } from "../../src/pi/commands/report.ts";
import { renderReportEntry } from "../../src/pi/commands/report-render.ts";
import type { Report } from "../../src/pi/commands/report-types.ts";
import { spendStatusText } from "../../src/pi/spend-status.ts";
import { ChildrenRegistry, trackChild } from "../../src/run/children.ts";
import { ZERO_USAGE } from "../../src/run/types.ts";
import { expectGolden } from "../support/golden.ts";
import { REPO } from "../support/pi.ts";

const WIDTHS = [80, 120] as const;
const GOLDEN = join(REPO, "test/pi/golden");
const LONG_PATH =
	"/home/someone/projects/a-rather-long-project-name/packages/the-deepest-package/src/components/settings-panel.ts";
const LONG_ID = "which-of-the-options-is-fastest-abc";
const LONG_GOAL =
	"Which of the options is fastest on this machine, measured over the whole test suite, and by how much?";
const plain = { bg: (_: string, t: string) => t, fg: (_: string, t: string) => t, bold: (t: string) => t };

function expectFits(lines: readonly string[], width: number, what: string): void {
	for (const line of lines) expect(visibleWidth(line), `${what} at ${width}: ${line}`).toBeLessThanOrEqual(width);
}

/** A parallel call: one child ended, one running a long command on a long path, one queued. */
function registry(): ChildrenRegistry {
	let now = 0;
	const children = new ChildrenRegistry({ now: () => now });
	const a = trackChild(children, { id: LONG_ID, origin: "fork", label: LONG_GOAL });
	const b = trackChild(children, { id: "review-the-settings-panel-for-defects", origin: "task", label: LONG_GOAL });
	children.add({ id: "c", origin: "task", label: `Read ${LONG_PATH}` });
	a.progress({ type: "turn", turn: 1 });
	a.progress({ type: "usage", usage: { ...ZERO_USAGE, costUsd: 0.0123 } });
	b.progress({ type: "tool_start", tool: "read", summary: `read: ${LONG_PATH}` });
	now = 7500;
	a.end({ state: "PASS", usage: { ...ZERO_USAGE, costUsd: 0.0123 } });
	now = 9100;
	return children;
}

function doctor(): DoctorReport {
	const checks: Check[] = [
		{ id: "pi-children", name: "pi for children", state: "ok", detail: `1.6.0 at ${LONG_PATH}` },
		{
			id: "build",
			name: "build",
			state: "warn",
			detail: "this clone runs its TypeScript sources: a source changed since its last build",
			cost: "each start strips the types of every module it loads",
			fix: "npm run build (in the clone; about 15 s)",
		},
	];
	return { ok: true, checks, counts: { ok: 1, warn: 1, fail: 0, skip: 0 } };
}

/** A preview's expanded text: prose laid out for 78 columns and a prompt's lines in a diff, as they are. */
const PREVIEW: Report = {
	title: 'What a "task-worker" child would receive',
	summary: "short",
	text: [
		'  base prompt      systemPromptMode append (default mode "focused"): the',
		"                   parent runs Pi's own prompt.",
		`  audit            ${LONG_PATH}`,
		"-- When asked about: extensions (docs/extensions.md, examples/extensions/), themes (docs/themes.md), skills (docs/skills.md)",
		" +You carry out one delegated task and return a result that can be checked, and nothing else besides.",
	].join("\n"),
};

describe("the screens at 80 and 120 columns", () => {
	it.each(WIDTHS)("the widget over a parallel call fits %i columns", (width) => {
		const lines = childrenLines(registry().state, 9100, width);
		expectFits(lines, width, "widget");
		expectGolden(join(GOLDEN, `widget-${width}.txt`), `${lines.join("\n")}\n`);
	});

	it.each(WIDTHS)("the /children picker's items are one line each at %i columns", (width) => {
		const labels = pickerLabels(registry().state.children, width - 4);
		expectFits(labels, width - 4, "picker");
		expect(labels[0]).toMatch(/…$/);
		expectGolden(join(GOLDEN, `picker-${width}.txt`), `${labels.join("\n")}\n`);
	});

	it.each(WIDTHS)("a report entry, collapsed and expanded, keeps every line's indent within %i columns", (width) => {
		const drawn = [false, true].flatMap((expanded) =>
			renderReportEntry(PREVIEW, expanded, plain as never).render(width),
		);
		expectFits(drawn, width, "report");
		// The diff's lines wrap under their own text, never at column 1.
		// A wrapped line goes on under its own text: a diff's line under its words, never at column 1.
		const at = (start: string) => drawn.findIndex((l) => l.startsWith(start));
		expect(drawn[at(" -- When asked") + 1]).toMatch(/^ {4}\S/);
		expect(drawn[at("  +You carry") + 1] ?? "   x").toMatch(/^( {3}\S| *$)/);
		expectGolden(join(GOLDEN, `report-${width}.txt`), `${drawn.map((l) => l.trimEnd()).join("\n")}\n`);
	});

	it.each(WIDTHS)("doctor's report and its collapsed view fit %i columns", (width) => {
		const text = renderDoctorReport(doctor(), Math.min(width, REPORT_TEXT_WIDTH)).split("\n");
		const summary = doctorSummary(doctor(), Math.min(width, REPORT_TEXT_WIDTH)).split("\n");
		expectFits([...text, ...summary], width, "doctor");
	});

	it("the footer's status says how many run and what they spent, with separators", () => {
		expect(spendStatusText([0.01, 0.0023])).toBe("delegate: 2 children running · $0.0123");
	});
});
