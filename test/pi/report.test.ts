/** How a report is shown in each of Pi's modes, and how the TUI entry renders collapsed and expanded. */
import type { ExtensionAPI, ExtensionCommandContext } from "@earendil-works/pi-coding-agent";
import type { Component } from "@earendil-works/pi-tui";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
	REPORT_ENTRY,
	type Report,
	registerReportRenderer,
	reportRenderer,
	showReport,
} from "../../src/pi/commands/report.ts";

type Renderer = (entry: { data?: Report }, options: { expanded: boolean }, theme: unknown) => Component | undefined;

function fakePi() {
	const appended: Array<{ type: string; data: unknown }> = [];
	const renderers = new Map<string, Renderer>();
	const pi = {
		appendEntry: (type: string, data: unknown) => appended.push({ type, data }),
		registerEntryRenderer: (type: string, renderer: Renderer) => renderers.set(type, renderer),
	} as unknown as ExtensionAPI;
	return { pi, appended, renderers };
}

function fakeCtx(mode: string, hasUI: boolean) {
	const notes: Array<[string, string | undefined]> = [];
	const ctx = { mode, hasUI, ui: { notify: (m: string, t?: string) => notes.push([m, t]) } };
	return { ctx: ctx as unknown as Pick<ExtensionCommandContext, "mode" | "hasUI" | "ui">, notes };
}

const REPORT: Report = { title: "Title", summary: "short", text: "short\nand the long rest" };
const plain = { bg: (_: string, t: string) => t, fg: (_: string, t: string) => t, bold: (t: string) => t };

afterEach(() => {
	vi.restoreAllMocks();
});

describe("showReport", () => {
	it("TUI: a custom entry, never a message to the model", () => {
		const { pi, appended } = fakePi();
		const { ctx, notes } = fakeCtx("tui", true);
		showReport(pi, ctx, REPORT);
		expect(appended).toEqual([{ type: REPORT_ENTRY, data: REPORT }]);
		expect(notes).toEqual([]);
	});

	it("RPC: a notification, an error as an error", () => {
		const { pi, appended } = fakePi();
		const { ctx, notes } = fakeCtx("rpc", true);
		showReport(pi, ctx, { ...REPORT, error: true });
		expect(notes).toEqual([["Title\n\nshort\nand the long rest", "error"]]);
		expect(appended).toEqual([]);
	});

	it("print: standard error, since Pi keeps standard output for the answer", () => {
		const write = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
		const { pi } = fakePi();
		showReport(pi, fakeCtx("print", false).ctx, REPORT);
		expect(write).toHaveBeenCalledWith("Title\n\nshort\nand the long rest\n");
	});
});

describe("the report entry's renderer", () => {
	it("is registered once per extension and shows the summary collapsed, everything expanded", async () => {
		await reportRenderer.get();
		const { pi, renderers } = fakePi();
		registerReportRenderer(pi);
		registerReportRenderer(pi);
		expect([...renderers.keys()]).toEqual([REPORT_ENTRY]);
		const render = renderers.get(REPORT_ENTRY)!;
		const collapsed = render({ data: REPORT }, { expanded: false }, plain)!.render(80).join("\n");
		expect(collapsed).toContain("short");
		expect(collapsed).not.toContain("the long rest");
		expect(collapsed).toContain("(ctrl+o for the whole report)");
		const expanded = render({ data: REPORT }, { expanded: true }, plain)!.render(80).join("\n");
		expect(expanded).toContain("and the long rest");
	});
});

describe("the report entry before its renderer has loaded", () => {
	it("draws the title in the width it gets, then the whole entry once the code is there, in the same component", async () => {
		vi.resetModules();
		const fresh = await import("../../src/pi/commands/report.ts");
		expect(fresh.reportRenderer.ready()).toBeUndefined();
		const { pi, renderers } = fakePi();
		fresh.registerReportRenderer(pi);
		const component = renderers.get(REPORT_ENTRY)!({ data: REPORT }, { expanded: true }, plain)!;
		expect(component.render(80)).toEqual([" Title"]);
		expect(component.render(4).every((line) => line.length <= 4)).toBe(true);
		await fresh.reportRenderer.get();
		expect(component.render(80).join("\n")).toContain("and the long rest");
	});
});
