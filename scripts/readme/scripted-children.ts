/**
 * A Pi extension for the README's runs: the scripted model of src/selftest/scripted-provider.ts
 * (`scripted/scripted-1`, whose answers are written in advance), with one script per child instead
 * of one per process. A workflow's children are separate `pi` processes started with the same
 * environment, so the shipped provider would give every one of them the same answers; this one
 * picks each child's script by the words of its brief.
 *
 * PI_DELEGATE_README_SCRIPTS names a JSON file: `{ "children": [{ "when": "words", "script":
 * "file" }] }`. A child gets the script of the first entry whose words its first message contains;
 * each script file is read by the shipped provider exactly as PI_DELEGATE_SCRIPT would be.
 */
import { readFileSync } from "node:fs";
import type { Provider, TranscriptContext } from "@earendil-works/pi-ai";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import scriptedProvider from "../../src/selftest/scripted-provider.ts";

export const SCRIPTS_ENV = "PI_DELEGATE_README_SCRIPTS";

export interface ChildScripts {
	children: Array<{ when: string; script: string }>;
}

/** The shipped provider, reading `file`: registered into a stand-in for Pi and handed back. */
function providerFor(file: string): Provider {
	const before = process.env.PI_DELEGATE_SCRIPT;
	process.env.PI_DELEGATE_SCRIPT = file;
	let provider: Provider | undefined;
	try {
		const capture = { registerProvider: (p: Provider) => (provider = p) };
		scriptedProvider(capture as unknown as ExtensionAPI);
	} finally {
		if (before === undefined) delete process.env.PI_DELEGATE_SCRIPT;
		else process.env.PI_DELEGATE_SCRIPT = before;
	}
	if (!provider) throw new Error(`the scripted provider registered nothing for ${file}`);
	return provider;
}

function firstUserText(context: TranscriptContext): string {
	const message = context.messages.find((m) => m.role === "user");
	const content = (message as { content?: unknown } | undefined)?.content;
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	return content.map((block: { text?: string }) => block.text ?? "").join("\n");
}

export default function scriptedChildren(pi: ExtensionAPI): void {
	const file = process.env[SCRIPTS_ENV];
	if (!file) throw new Error(`${SCRIPTS_ENV} is not set`);
	const index = JSON.parse(readFileSync(file, "utf8")) as ChildScripts;
	const entries = index.children.map((c) => ({ when: c.when, provider: providerFor(c.script) }));
	const first = entries[0]?.provider;
	if (!first) throw new Error(`${file} lists no children`);
	const choose = (context: TranscriptContext): Provider => {
		const brief = firstUserText(context);
		const entry = entries.find((e) => brief.includes(e.when));
		if (!entry) throw new Error(`no script in ${file} for a child whose brief begins: ${brief.slice(0, 120)}`);
		return entry.provider;
	};
	pi.registerProvider({
		id: first.id,
		name: first.name,
		auth: first.auth,
		getModels: () => first.getModels(),
		stream: (model, context, options) => choose(context).stream(model, context, options),
		streamSimple: (model, context, options) => choose(context).streamSimple(model, context, options),
	});
}
