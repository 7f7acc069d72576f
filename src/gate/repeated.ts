/**
 * "Do the same with …", "do the following", "then do `prod`": an order whose work is said elsewhere
 * in the brief. Read by the allow-list (read-orders.ts). Pure.
 */
import { norm } from "./described.ts";
import type { Clause } from "./types.ts";
import { changeParticiple } from "./verbs.ts";

/** What "do" takes when it repeats or announces work said elsewhere: "the same", "the following", `prod`. */
const AGAIN = new Set(["same", "following", "likewise", "rest"]);
const WRITER_DID = new Set(["i've", "we've", "i", "we"]);

/**
 * "Run the bench, report p50, then do the same with `b.engine`", "Please do the following and report",
 * "… tell me the outputs, then do `prod`": work said elsewhere in the brief, read there (an order of change among the
 * steps is caught where it stands). Not after the writer's own change ("I've renamed the handlers
 * in `api/`. Do the same for `admin/`."): then the same is a change. Undefined when not such a "do".
 */
export function repeated(c: Clause): boolean | undefined {
	const { tokens, head } = c;
	if (norm(tokens[head]) !== "do") return undefined;
	const object = norm(tokens[head + 1]) === "the" ? tokens[head + 2] : tokens[head + 1];
	if (!(object?.kind === "code" || AGAIN.has(norm(object)))) return undefined;
	let before = c.sentence.previous;
	for (let n = 0; before && n < 6; n++, before = before.previous) {
		const t = before.tokens;
		if (
			t.some((x, k) => changeParticiple(norm(x)) && t.slice(Math.max(0, k - 3), k).some((w) => WRITER_DID.has(norm(w))))
		)
			return false;
	}
	return true;
}
