/**
 * `--approve` / `--no-approve`: the per-run trust decision every command that reads a project's
 * `.pi/` files accepts, with the same options and the same contradiction check.
 */
import { UsageError } from "./command.ts";

export const TRUST_OPTIONS = {
	approve: { type: "boolean" },
	"no-approve": { type: "boolean" },
} as const;

/** The explicit trust decision of `--approve` / `--no-approve`, or undefined when neither was given. */
export function trustOverride(values: { approve?: boolean; "no-approve"?: boolean }): boolean | undefined {
	if (values.approve && values["no-approve"]) throw new UsageError("--approve and --no-approve contradict each other");
	return values.approve ? true : values["no-approve"] ? false : undefined;
}
