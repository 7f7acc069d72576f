/**
 * Golden tests against real renders of Pi 0.86.1, 1.4.0 and 1.6.0 (test/fixtures/pi-renders),
 * with and without a custom prompt, with and without skills, and with operator-written `<tools>`
 * blocks as traps in SYSTEM.md, APPEND_SYSTEM.md and AGENTS.md.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { InheritedChannels, InheritedPrompt } from "../../src/prompt/channels.ts";
import { inheritPrompt } from "../../src/prompt/inherit.ts";
import { narrow } from "../../src/prompt/narrow.ts";
import { expectGolden } from "../support/golden.ts";
import {
	ALL_RENDERS,
	caseFile,
	fixturePath,
	GOLDEN,
	PI_DOCS_OPENING,
	PI_IDENTITIES,
	PI_TOOLS_TRAILERS,
	type Render,
} from "./renders.ts";

const json = (value: unknown): string => `${JSON.stringify(value, null, "\t")}\n`;
const usesCustomPrompt = (r: Render): boolean =>
	r.renderCase.files.some((f) => f.path.endsWith("SYSTEM.md") && !f.path.includes("APPEND"));
const label = (r: Render): string => `${r.version} ${r.renderCase.name}`;

/** Every piece of text the channels carry, for leak checks. */
function channelTexts(channels: InheritedChannels): string[] {
	return [
		channels.base?.text ?? "",
		channels.mainRules?.text ?? "",
		...(channels.projectContext?.files ?? []).flatMap((f) => [f.path, f.content]),
		...(channels.skills?.skills ?? []).flatMap((s) => [s.name, s.description, s.filePath]),
	];
}

/** The channels without provenance, for comparing two readings. */
function comparable(result: InheritedPrompt): unknown {
	const { base, mainRules, projectContext, skills } = result.channels;
	return {
		base: base?.text,
		mainRules: mainRules?.text,
		files: projectContext?.files,
		skills: skills?.skills
			.filter((s) => !s.disableModelInvocation)
			.map(({ name, description, filePath }) => ({ name, description, filePath })),
	};
}

describe.each(ALL_RENDERS.map((r) => [label(r), r] as const))("real render %s", (_, render) => {
	const { version, renderCase, rendered, options } = render;
	const full = inheritPrompt({ options, rendered });
	const portable = inheritPrompt({ options, rendered }, "portable");

	it("matches the golden narrowed text and inherited channels byte for byte", () => {
		const dir = join(GOLDEN, version);
		expectGolden(join(dir, `${renderCase.name}.narrowed.golden.txt`), narrow(rendered).text);
		expectGolden(join(dir, `${renderCase.name}.full.golden.json`), json(full));
		expectGolden(join(dir, `${renderCase.name}.portable.golden.json`), json(portable));
	});

	it("reads the same operator words from the rendered text as from Pi's structured inputs", () => {
		const fromText = inheritPrompt({ rendered });
		const fromInputs = inheritPrompt({ options });
		expect(fromText.provenance).toBe("narrowed");
		expect(fromInputs.provenance).toBe("structured");
		expect(comparable(fromText)).toEqual(comparable(fromInputs));
		expect(full.mismatches).toEqual([]);
	});

	it("finds Pi's tool surface exactly when the parent runs Pi's own prompt", () => {
		const narrowed = narrow(rendered);
		expect(narrowed.toolSurface).toBe(!usesCustomPrompt(render));
		if (narrowed.toolSurface) {
			expect(narrowed.removed.map((r) => r.part)).toEqual(["identity", "tools", "rules", "docs"]);
			for (const removal of narrowed.removed) expect(rendered.slice(removal.start, removal.end)).toBe(removal.text);
		} else {
			expect(narrowed.text).toBe(rendered);
		}
	});

	it("never carries Pi's identity, tool surface or docs pointer in a full result", () => {
		// Control: the default renders do carry them, so these checks can fail.
		if (!usesCustomPrompt(render)) {
			expect(PI_IDENTITIES.some((s) => rendered.includes(s))).toBe(true);
			expect(rendered).toContain(PI_DOCS_OPENING);
		}
		const texts = channelTexts(full.channels).join("\n---\n");
		for (const sentence of PI_IDENTITIES) expect(texts).not.toContain(sentence);
		for (const trailer of PI_TOOLS_TRAILERS) expect(texts).not.toContain(trailer);
		expect(texts).not.toContain(PI_DOCS_OPENING);
		for (const removal of narrow(rendered).removed) expect(texts).not.toContain(removal.text);
	});

	it("carries every operator byte", () => {
		const system = caseFile(renderCase, "project", ".pi/SYSTEM.md") ?? caseFile(renderCase, "agent", "SYSTEM.md");
		const append =
			caseFile(renderCase, "project", ".pi/APPEND_SYSTEM.md") ?? caseFile(renderCase, "agent", "APPEND_SYSTEM.md");
		expect(full.channels.base?.text).toBe(system);
		expect(full.channels.mainRules?.text).toBe(append);
		expect(portable.channels.base?.text).toBe(system);
		expect(portable.channels.mainRules?.text).toBe(append);
		const contextFilesOff = renderCase.args.includes("--no-context-files");
		const expectedFiles = contextFilesOff
			? undefined
			: (["agent", "project"] as const).flatMap((root) => {
					const content = caseFile(renderCase, root, "AGENTS.md");
					return content === undefined ? [] : [{ path: fixturePath(root, "AGENTS.md"), content }];
				});
		expect(full.channels.projectContext?.files).toEqual(expectedFiles?.length ? expectedFiles : undefined);
		const skillsOff = renderCase.args.includes("--no-skills");
		const skillFiles = renderCase.files.filter((f) => f.path.endsWith("SKILL.md"));
		expect(full.channels.skills?.skills.map((s) => s.filePath).sort()).toEqual(
			skillsOff || skillFiles.length === 0 ? undefined : skillFiles.map((f) => fixturePath(f.root, f.path)).sort(),
		);
		if (!skillsOff && skillFiles.length > 0) {
			expect(full.channels.skills?.skills.map((s) => s.description)).toContain(
				'Drafts release notes from <tools> & "rules" sections; use when asked for a changelog.',
			);
		}
	});

	it("keeps only the operator's prompt text under the portable strategy", () => {
		expect(portable.channels.projectContext).toBeUndefined();
		expect(portable.channels.skills).toBeUndefined();
		for (const name of ["projectContext", "skills"] as const) {
			expect(portable.omitted.some((o) => o.part === name)).toBe(full.channels[name] !== undefined);
		}
	});
});
