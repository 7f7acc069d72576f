/**
 * A check the child is allowed, not told, to run, to help it answer: "Feel free to run the tests if
 * it helps you answer", "you can rerun the benchmarks to confirm the numbers". Running a suite of
 * checks changes nothing the parent watches; what is permitted is reading. Not "feel free to run the
 * migrations" (not a check) nor "run the tests" (an order), nor a change joined after it ("… and fix
 * whatever fails", read by the clause after). A run ordered as the means to an answer asked right
 * after it ("run the suite and tell me which tests are flaky") reads too (reading.ts). Pure.
 */
import { RUNS } from "./act-words.ts";
import { changingShell } from "./commands.ts";
import type { Token } from "./types.ts";
import { phrases, set } from "./words.ts";

/** Words that permit what follows: "feel free to", "you can", "you're welcome to". */
const PERMISSIONS = phrases(`
	feel free to
	you can
	you could
	you may
	you're welcome to
	you are welcome to
	it's fine to
	it is fine to
	it's ok to
	it's okay to
`);
/** Suites of checks, which read the code and report. */
export const CHECKS = set(`
	test tests suite suites spec specs benchmark benchmarks bench benches linter lint typecheck type-check
	typechecker checks check e2e unit integration smoke eslint tsc mypy pyright pytest jest vitest pylint
	flake8 shellcheck clippy rubocop golangci-lint profiler detector sanitizer sanitizers analyzer analyser valgrind
	miri
`);

const word = (t: Token | undefined) => (t?.kind === "word" ? t.norm : "");

/** "(feel free to) run the tests": a run of checks at `i`, permitted by the words just before it. */
export function permittedCheck(tokens: readonly Token[], i: number): boolean {
	if (!RUNS.has(word(tokens[i]))) return false;
	const permitted = PERMISSIONS.some((p) => p.every((w, k) => word(tokens[i - p.length + k]) === w));
	return (permitted && tokens.slice(i + 1, i + 4).some((t) => CHECKS.has(word(t)))) || finePermitted(tokens, i);
}

const FINE = set("fine ok okay safe allowed free");

/**
 * "`terraform state list` and `terraform state show` are fine to run": commands named, none of which
 * changes anything, then permitted.
 */
function finePermitted(tokens: readonly Token[], i: number): boolean {
	if (word(tokens[i - 1]) !== "to" || !FINE.has(word(tokens[i - 2])) || !["is", "are"].includes(word(tokens[i - 3])))
		return false;
	const named = tokens.slice(0, i - 3).filter((t) => t.kind === "code");
	return named.length > 0 && named.every((t) => !changingShell(t.norm));
}
