/**
 * Looking a path up in a read document, so a problem found after parsing (a wrong type, an unknown
 * key, a missing field) can say where in the file to look. A missing path gives its nearest
 * existing parent: "add it here" is still better than no position at all.
 */
import type { JsonDocument, JsonLocation, JsonNode, JsonPath, JsonSegment } from "./types.ts";

function member(node: JsonNode, segment: JsonSegment): JsonNode | undefined {
	const { members } = node;
	if (members === undefined) return undefined;
	if (members instanceof Map) return typeof segment === "string" ? members.get(segment) : undefined;
	return typeof segment === "number" ? (members as readonly JsonNode[])[segment] : undefined;
}

export function locate(document: Pick<JsonDocument, "root" | "positionAt">, path: JsonPath): JsonLocation {
	let node = document.root;
	const found: JsonSegment[] = [];
	for (const segment of path) {
		const next = member(node, segment);
		if (next === undefined) break;
		node = next;
		found.push(segment);
	}
	return { position: document.positionAt(node.key ?? node.start), exact: found.length === path.length, found };
}
