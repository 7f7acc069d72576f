/**
 * The prefix key: what siblings must share for one to read the cached prompt prefix another wrote.
 * A provider caches tools → system → messages in that order, so equal keys mean an equal model,
 * equal tool definitions and an equal system prompt. The key hashes the inputs Pi renders from
 * (the same Pi, in the same directory, renders equal inputs to equal bytes), so it is known before
 * anything is rendered.
 */
import { createHash } from "node:crypto";
import type { ChildPromptInputs } from "../prompt/channels.ts";
import type { ModelChoice } from "./types.ts";

export function prefixKey(parts: {
	model: Pick<ModelChoice, "provider" | "id">;
	tools: readonly string[];
	prompt: ChildPromptInputs;
	cwd: string;
	piVersion: string;
}): string {
	const canonical = JSON.stringify([
		parts.piVersion,
		`${parts.model.provider}/${parts.model.id}`,
		parts.tools,
		parts.prompt.customPrompt ?? null,
		parts.prompt.appendSystemPrompt,
		parts.prompt.contextFiles.map((f) => [f.path, f.content]),
		parts.prompt.skills.map((s) => [s.name, s.description, s.filePath, s.disableModelInvocation]),
		parts.cwd,
	]);
	return createHash("sha256").update(canonical).digest("hex");
}
