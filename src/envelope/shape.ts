/**
 * Shape checking of a candidate envelope, by hand rather than through typebox's error list: the
 * model (or the person) who wrote the envelope needs one message per mistake, with the path, what is
 * wrong and the fix, not a schema validator's `anyOf` noise. It accepts exactly what EnvelopeSchema
 * accepts (a test holds the two together), and pointer syntax is checked separately (parse.ts).
 */
import { joinPath, type Problem } from "../problems.ts";
import { ENVELOPE_FIELDS, EVIDENCE_FIELDS, STATUSES } from "./schema.ts";
import { isRecord, typeName } from "./values.ts";

const EMPTY_FIX: Record<string, string> = {
	deliverable: "put the answer itself here; if there is none, say why",
	claim: "state the claim in a sentence",
	pointer: "write path:line, path:start-end, path, or cmd: <command>",
	unsure: "write the doubt in a sentence, or drop the empty item",
	did_not_do: "write what was not done and why, or drop the empty item",
};

/** The field a misspelt key probably meant: `didNotDo` → `did_not_do`, `Status` → `status`. */
function meant(key: string, fields: readonly string[]): string | undefined {
	const squash = (s: string) => s.toLowerCase().replace(/[^a-z]/g, "");
	return fields.find((f) => squash(f) === squash(key));
}

function checkText(value: unknown, path: string, fixKey: string, out: Problem[]): void {
	if (typeof value !== "string") {
		const fix =
			fixKey === "deliverable"
				? "write it as one JSON string; a list or table goes inside the text"
				: "write it as a JSON string";
		out.push({ path, value, message: `must be text, not ${typeName(value)}`, fix });
	} else if (!/\S/.test(value)) {
		out.push({ path, value, message: "is empty", fix: EMPTY_FIX[fixKey] ?? "" });
	}
}

function checkUnknownKeys(
	record: Record<string, unknown>,
	fields: readonly string[],
	where: Array<string | number>,
	what: string,
	out: Problem[],
): void {
	for (const key of Object.keys(record)) {
		if (fields.includes(key) || record[key] === undefined) continue;
		const guess = meant(key, fields);
		out.push({
			path: joinPath(...where, key),
			value: record[key],
			message: `is not ${what} field (the fields are ${fields.join(", ")})`,
			fix: guess
				? `rename it to ${guess}`
				: what === "an envelope"
					? "move what it says into deliverable, unsure or did_not_do, and drop the field"
					: "fold it into the claim, and drop the field",
		});
	}
}

function checkMissing(
	record: Record<string, unknown>,
	field: string,
	where: Array<string | number>,
	out: Problem[],
): boolean {
	if (record[field] !== undefined) return false;
	const fixes: Record<string, string> = {
		deliverable: "add deliverable: the answer itself, as text",
		evidence: "add evidence: a list of {claim, pointer}, or [] if there is nothing to point at",
		unsure: "add unsure: a list of doubts, or [] if none",
		did_not_do: "add did_not_do: a list of what was not done, or [] if none",
		status: `add status: one of ${STATUSES.map((s) => `"${s}"`).join(", ")}`,
		claim: "add claim: the statement this pointer backs",
		pointer: "add pointer: path:line, path:start-end, path, or cmd: <command>; every claim needs one",
	};
	const message = field === "pointer" ? "is missing: a claim without a pointer cannot be checked" : "is missing";
	out.push({ path: joinPath(...where, field), value: undefined, message, fix: fixes[field] ?? `add ${field}` });
	return true;
}

function checkTextList(record: Record<string, unknown>, field: "unsure" | "did_not_do", out: Problem[]): void {
	if (checkMissing(record, field, [], out)) return;
	const list = record[field];
	if (!Array.isArray(list)) {
		out.push({
			path: field,
			value: list,
			message: `must be a list of text, not ${typeName(list)}`,
			fix: typeof list === "string" ? `write [${JSON.stringify(list)}]` : "write a list of sentences, or []",
		});
		return;
	}
	list.forEach((item, i) => {
		checkText(item, joinPath(field, i), field, out);
	});
}

function checkEvidence(record: Record<string, unknown>, out: Problem[]): void {
	if (checkMissing(record, "evidence", [], out)) return;
	const list = record.evidence;
	if (!Array.isArray(list)) {
		out.push({
			path: "evidence",
			value: list,
			message: `must be a list of {claim, pointer}, not ${typeName(list)}`,
			fix: "write a list of {claim, pointer} objects, or []",
		});
		return;
	}
	list.forEach((item, i) => {
		const where = ["evidence", i];
		if (!isRecord(item)) {
			out.push({
				path: joinPath(...where),
				value: item,
				message: `must be an object {claim, pointer}, not ${typeName(item)}`,
				fix: 'write {"claim": "…", "pointer": "path:line"}',
			});
			return;
		}
		if (!checkMissing(item, "claim", where, out)) checkText(item.claim, joinPath(...where, "claim"), "claim", out);
		if (!checkMissing(item, "pointer", where, out)) {
			checkText(item.pointer, joinPath(...where, "pointer"), "pointer", out);
		}
		checkUnknownKeys(item, EVIDENCE_FIELDS, where, "an evidence", out);
	});
}

/** Every way `value` fails to be an envelope, in field order; [] when it has the envelope's shape. */
export function shapeProblems(value: unknown): Problem[] {
	if (!isRecord(value)) {
		return [
			{
				path: "(root)",
				value,
				message: `must be an object, not ${typeName(value)}`,
				fix: `submit one object with the fields ${ENVELOPE_FIELDS.join(", ")}`,
			},
		];
	}
	const out: Problem[] = [];
	if (!checkMissing(value, "deliverable", [], out)) checkText(value.deliverable, "deliverable", "deliverable", out);
	checkEvidence(value, out);
	checkTextList(value, "unsure", out);
	checkTextList(value, "did_not_do", out);
	if (!checkMissing(value, "status", [], out) && !STATUSES.some((s) => s === value.status)) {
		const lower = typeof value.status === "string" ? value.status.trim().toLowerCase() : undefined;
		out.push({
			path: "status",
			value: value.status,
			message: `must be one of ${STATUSES.map((s) => `"${s}"`).join(", ")}`,
			fix: STATUSES.some((s) => s === lower)
				? `write "${lower}"`
				: '"ok" when all is done, "partial" when some is, "failed" when there is no usable result',
		});
	}
	checkUnknownKeys(value, ENVELOPE_FIELDS, [], "an envelope", out);
	return out;
}
